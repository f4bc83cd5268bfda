// A link up to the screen this one belongs to. The router calls a link "current" (aria-current)
// when the address starts with its path, so "← App" on /action/setting/display would be
// announced as the page itself: matching only the exact address keeps it a plain link.
import { Link, type LinkComponentProps } from '@tanstack/react-router';

const exactOnly = { exact: true } as const;

export function BackLink(props: LinkComponentProps) {
  return <Link {...props} activeOptions={exactOnly} />;
}

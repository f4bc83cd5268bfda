import { linkifyParts } from '../../../contract/message';

/** A message body as text; http(s) links become links that open apart from the app. */
export function MessageText({ text }: { text: string }) {
  return (
    <p className="message__text">
      {linkifyParts(text).map((part, i) =>
        part.href ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}

// Paths the app answers (spec §2). The server uses this list to answer unknown paths with
// status 404 while the app shows its 404 screen.
const appPathPatterns: readonly RegExp[] = [
  /^\/$/,
  /^\/(login|authenticating|logout|forgot-password|register|scan-qr|change-password|500|404)$/,
  /^\/admin(\/.*)?$/,
  /^\/password-reset\/[^/]+$/,
  /^\/verify\/[^/]+$/,
  /^\/cv\/[^/]+$/,
  /^\/(fme|blog|mrd|wedding|smc)\/[^/]+$/,
  /^\/(me|mbg)\/[^/]+(\/(products|relics|posts))?$/,
  /^\/(me|mbg)\/(products|all-activity|detail-activity|relics)\/[^/]+$/,
  /^\/(me|mbg)\/[^/]+\/[^/]+$/,
  /^\/(new-me|new-mbg)\/[^/]+$/,
  /^\/(friends|contacts|order-points)\/[^/]+$/,
  /^\/dashboard\/(member|business)\/[^/]+$/,
  /^\/action(\/.*)?$/,
];

export function isAppPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return appPathPatterns.some((re) => re.test(path));
}

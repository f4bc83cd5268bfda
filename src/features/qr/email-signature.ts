// The member's e-mail signature (issue 27 item 3), built on the device from the mirrored
// profile so it works offline. Mail programs drop <style>, classes, flexbox and often
// background images: the layout is nested tables with inline styles only (decision 1100).

export interface SignatureColors {
  /** Name and rule colour (the theme's button colour when it reads on white). */
  accent: string;
  /** Body text. */
  text: string;
}

export interface SignatureInput {
  name: string;
  jobTitle?: string | null;
  company?: string | null;
  phone?: string | null;
  email?: string | null;
  website?: string | null;
  /** Absolute address of the photo (mail programs fetch it; data: photos are too heavy). */
  photoUrl?: string | null;
  /** The card's public link, also the QR's content. */
  cardUrl: string;
  /** A small QR of the card link as a PNG data URL; the text link stays for clients that drop it. */
  qrDataUrl?: string | null;
  /** The card's links (title, address). */
  links?: readonly { title: string | null; url: string }[];
  /** The link text under the QR ("Xem danh thiếp" / "View my card"). */
  cardLinkText: string;
  colors: SignatureColors;
}

const fontFamily = 'Arial, Helvetica, sans-serif';

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** Only http(s), mailto and tel addresses go into an href; anything else is dropped. */
function safeHref(url: string): string | null {
  return /^(https?:|mailto:|tel:)/i.test(url) ? escapeHtml(url) : null;
}

function withScheme(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

function line(html: string, colors: SignatureColors, size = 13): string {
  return `<tr><td style="padding:0;font-family:${fontFamily};font-size:${size}px;line-height:24px;color:${colors.text};">${html}</td></tr>`;
}

function anchor(href: string | null, text: string, color: string): string {
  const label = escapeHtml(text);
  return href
    ? `<a href="${href}" style="color:${color};text-decoration:none;">${label}</a>`
    : label;
}

/** The signature as an HTML fragment: a single outer table, inline styles, no classes. */
export function buildEmailSignature(input: SignatureInput): string {
  const { colors } = input;
  const rows: string[] = [];
  rows.push(
    `<tr><td style="padding:0 0 2px 0;font-family:${fontFamily};font-size:16px;font-weight:bold;line-height:1.3;color:${colors.accent};">${escapeHtml(input.name)}</td></tr>`,
  );
  const role = [input.jobTitle, input.company].filter((part): part is string => !!part?.trim());
  if (role.length) rows.push(line(role.map(escapeHtml).join(' · '), colors));
  if (input.phone) {
    const tel = safeHref(`tel:${input.phone.replace(/[^\d+]/g, '')}`);
    rows.push(line(anchor(tel, input.phone, colors.text), colors));
  }
  if (input.email)
    rows.push(line(anchor(safeHref(`mailto:${input.email}`), input.email, colors.text), colors));
  if (input.website) {
    rows.push(
      line(anchor(safeHref(withScheme(input.website)), input.website, colors.accent), colors),
    );
  }
  const links = (input.links ?? [])
    .map((link) => ({ href: safeHref(link.url), text: link.title?.trim() || link.url }))
    .filter((link) => link.href);
  if (links.length) {
    rows.push(
      line(
        links.map((link) => anchor(link.href, link.text, colors.accent)).join(' | '),
        colors,
        12,
      ),
    );
  }
  const cardHref = safeHref(input.cardUrl);
  rows.push(
    line(`<strong>${anchor(cardHref, input.cardLinkText, colors.accent)}</strong>`, colors, 12),
  );

  const photo = input.photoUrl && safeHref(input.photoUrl);
  const photoCell = photo
    ? `<td valign="top" style="padding:0 12px 0 0;"><img src="${photo}" width="72" height="72" alt="${escapeHtml(input.name)}" style="display:block;width:72px;height:72px;border-radius:36px;border:0;"></td>`
    : '';
  const qrCell =
    input.qrDataUrl && cardHref
      ? `<td valign="top" style="padding:0 0 0 12px;"><a href="${cardHref}"><img src="${escapeHtml(input.qrDataUrl)}" width="72" height="72" alt="QR" style="display:block;width:72px;height:72px;border:0;"></a></td>`
      : '';
  return (
    `<table cellpadding="0" cellspacing="0" border="0" role="presentation" style="border-collapse:collapse;font-family:${fontFamily};">` +
    `<tr>${photoCell}` +
    `<td valign="top" style="padding:0 0 0 12px;border-left:3px solid ${colors.accent};">` +
    `<table cellpadding="0" cellspacing="0" border="0" role="presentation" style="border-collapse:collapse;">${rows.join('')}</table>` +
    `</td>${qrCell}</tr></table>`
  );
}

/** A whole document around the signature, for the downloaded .html file. */
export function emailSignatureDocument(signature: string, title: string): string {
  return `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${signature}</body></html>\n`;
}

/** The signature as plain text (the clipboard's second format, for plain-text mail). */
export function emailSignatureText(input: SignatureInput): string {
  return [
    input.name,
    [input.jobTitle, input.company].filter(Boolean).join(' · '),
    input.phone,
    input.email,
    input.website,
    input.cardUrl,
  ]
    .filter((part): part is string => !!part)
    .join('\n');
}

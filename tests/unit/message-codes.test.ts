// contract/messages.ts spreads the area maps into one: a code defined twice would silently take
// the last text. Each code must come from one place.
import { describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { imageMessages } from '../../contract/image-messages';
import { registrationMessages } from '../../contract/registration';
import { publicFormMessages } from '../../contract/public-form-messages';
import { memberManagementMessages } from '../../contract/member-management-messages';

const areaMaps: Record<string, Record<string, { vi: string; en: string }>> = {
  imageMessages,
  registrationMessages,
  publicFormMessages,
  memberManagementMessages,
};

describe('message codes', () => {
  it('no code is defined by two area maps', () => {
    const owners = new Map<string, string[]>();
    for (const [area, map] of Object.entries(areaMaps)) {
      for (const code of Object.keys(map)) owners.set(code, [...(owners.get(code) ?? []), area]);
    }
    expect([...owners].filter(([, areas]) => areas.length > 1)).toEqual([]);
  });

  it('no area code is overridden by a code written again in contract/messages.ts', () => {
    const overridden = Object.values(areaMaps).flatMap((map) =>
      Object.entries(map)
        .filter(([code, text]) => messages[code as keyof typeof messages] !== text)
        .map(([code]) => code),
    );
    expect(overridden).toEqual([]);
  });

  it('every code has a Vietnamese and an English text', () => {
    const missing = Object.entries(messages)
      .filter(([, text]) => !text.vi.trim() || !text.en.trim())
      .map(([code]) => code);
    expect(missing).toEqual([]);
  });
});

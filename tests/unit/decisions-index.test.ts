// docs/decisions/README.md lists every decision note, so a new note cannot go unindexed.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const folder = new URL('../../docs/decisions/', import.meta.url);

describe('decision index', () => {
  it('links every note with a date and a status', () => {
    const index = readFileSync(new URL('README.md', folder), 'utf8');
    const notes = readdirSync(folder).filter((f) => f.endsWith('.md') && f !== 'README.md');
    const missing = notes.filter(
      (note) =>
        !new RegExp(
          `\\| \\[[^\\]]+\\]\\(${note.replace('.', '\\.')}\\)\\s*\\| \\d{4}-\\d{2}-\\d{2}\\s*\\| \\w`,
        ).test(index),
    );
    expect(missing).toEqual([]);
  });
});

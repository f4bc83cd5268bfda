// Fails when any message of the catalogs lacks its Vietnamese or English text.
import { readFileSync } from 'node:fs';

function parsePo(text) {
  const entries = [];
  let current = null;
  let field = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('msgid ')) {
      current = { msgid: JSON.parse(line.slice(6)), msgstr: '' };
      entries.push(current);
      field = 'msgid';
    } else if (line.startsWith('msgstr ') && current) {
      current.msgstr = JSON.parse(line.slice(7));
      field = 'msgstr';
    } else if (line.startsWith('"') && current && field) {
      current[field] += JSON.parse(line);
    } else if (line === '') {
      field = null;
    }
  }
  return entries.filter((e) => e.msgid !== '');
}

let missing = 0;
for (const [locale, catalog] of [
  ['vi', 'messages'],
  ['en', 'messages'],
  ['vi', 'card'],
  ['en', 'card'],
  ['vi', 'wedding'],
  ['en', 'wedding'],
  ['vi', 'first-screen'],
  ['en', 'first-screen'],
]) {
  const entries = parsePo(readFileSync(`src/locales/${locale}/${catalog}.po`, 'utf8'));
  for (const e of entries) {
    // Vietnamese is the source language: an empty msgstr there means the msgid itself.
    if (locale === 'vi') continue;
    if (e.msgstr.trim() === '') {
      missing += 1;
      console.error(`missing ${locale}: ${JSON.stringify(e.msgid)}`);
    }
  }
  console.log(`${locale}/${catalog}: ${entries.length} messages`);
}
if (missing > 0) {
  console.error(`${missing} message(s) without translation`);
  process.exit(1);
}

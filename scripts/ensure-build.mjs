// Builds the client when dist/ is missing or older than any of its sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';
import path from 'node:path';

const stamp = `${process.env.BUILD_OUT_DIR ?? 'dist/client'}/index.html`;
const sources = [
  'src',
  'sw',
  'contract',
  'public',
  'index.html',
  'card.html',
  'wedding.html',
  'vite.config.ts',
  'lingui.config.ts',
  'package.json',
];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const name of readdirSync(p)) max = Math.max(max, newest(path.join(p, name)));
  return max;
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changed = Math.max(...sources.map(newest));
if (built === 0 || changed > built) {
  console.log(
    built === 0 ? 'Building the app (first start)…' : 'Sources changed: rebuilding the app…',
  );
  execSync('npm run build', { stdio: 'inherit' });
}

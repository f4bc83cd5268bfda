// The service worker is registered as a classic script (`navigator.serviceWorker.register` without
// `type: 'module'`, which Firefox and older Safari lack): module syntax in dist/client/sw.js makes
// its install fail with a SyntaxError and the app silently loses offline. A dynamic import kept
// by the bundler once put `import.meta` there; the build now stops on it with one clear line.
import { readFileSync } from 'node:fs';

const file = `${process.env.BUILD_OUT_DIR ?? 'dist/client'}/sw.js`;
const text = readFileSync(file, 'utf8');
const moduleSyntax = [/\bimport\.meta\b/, /\bimport\s*\(/, /^\s*(?:import|export)\s/m];
const found = moduleSyntax.find((pattern) => pattern.test(text));
if (found) {
  const at = text.search(found);
  console.error(
    `${file} is not a classic script (${found} at ${at}: …${text.slice(Math.max(0, at - 60), at + 60)}…)`,
  );
  process.exit(1);
}

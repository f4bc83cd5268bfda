// The module boundaries of decision 0005 are lint rules: each rule must reject a file that
// crosses it and accept one that stays inside, with the project's own ESLint configuration.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

let eslint: ESLint;

beforeAll(() => {
  // The probe files do not exist on disk, so the type-aware rules (which need a TypeScript
  // program) are switched off; the boundary rule needs only the import paths.
  eslint = new ESLint({
    overrideConfig: [{ files: ['**/*.ts', '**/*.tsx'], ...tseslint.configs.disableTypeChecked }],
  });
});

/** The rule skips imports it cannot resolve, so every probe must name a real module. */
function expectResolvable(filePath: string, importPath: string): void {
  if (!importPath.startsWith('.')) return;
  const base = path.resolve(path.dirname(filePath), importPath);
  const found = ['.ts', '.tsx'].some((ext) => existsSync(base + ext));
  expect(found, `${filePath} → ${importPath} names no file`).toBe(true);
}

async function boundaryErrors(filePath: string, importPath: string): Promise<string[]> {
  expectResolvable(filePath, importPath);
  const code = `import * as probe from '${importPath}';\nexport const used = probe;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths')
    .map((m) => m.message);
}

const cases: { rule: string; file: string; illegal: string[]; legal: string[] }[] = [
  {
    rule: 'contract/ imports nothing of ours',
    file: 'contract/boundary-probe.ts',
    illegal: ['../src/lib/cookies', '../server/config', '../sw/card-cache'],
    legal: ['./card', 'valibot'],
  },
  {
    rule: 'server/ never imports src/ or sw/',
    file: 'server/routes/boundary-probe.ts',
    illegal: ['../../src/lib/cookies', '../../sw/card-cache'],
    legal: ['../../contract/card-paths', '../config'],
  },
  {
    rule: 'sw/ imports src/sync, src/db and contract/ only',
    file: 'sw/boundary-probe.ts',
    illegal: ['../src/lib/cookies', '../src/features/points/points-data', '../server/config'],
    legal: ['../src/sync/sync-engine', '../src/db/app-db', '../contract/card-paths'],
  },
  {
    rule: 'a feature never imports another feature',
    file: 'src/features/points/boundary-probe.ts',
    illegal: ['../phonebook/phonebook-data', '../../routes/login'],
    legal: ['./points-data', '../../lib/cookies', '../../../contract/points'],
  },
  {
    rule: 'src/lib never imports features or routes',
    file: 'src/lib/boundary-probe.ts',
    illegal: ['../features/points/points-data', '../routes/login'],
    legal: ['./cookies', '../../contract/card'],
  },
  {
    rule: 'src/ui never imports features',
    file: 'src/ui/boundary-probe.tsx',
    illegal: ['../features/card/card-page'],
    legal: ['./button'],
  },
  {
    rule: 'src/db, src/sync and src/api never import routes',
    file: 'src/sync/boundary-probe.ts',
    illegal: ['../routes/login', '../features/auth/session-start'],
    legal: ['../db/app-db', '../api/http-client'],
  },
  {
    rule: 'server/routes never imports server/db',
    file: 'server/routes/boundary-probe.ts',
    illegal: ['../db/client', '../db/schema', '../db/schema-agency'],
    legal: ['../domain/cards', '../sync/run-mutation', '../http/errors'],
  },
  {
    rule: 'server/domain never imports routes, ssr or request handling',
    file: 'server/domain/boundary-probe.ts',
    illegal: ['../routes/friend', '../ssr/meta', '../http/input', '../http/auth'],
    legal: ['../db/client', '../db/schema', './cards', '../http/errors', '../sync/registry'],
  },
  {
    rule: 'the sync engine never imports routes or ssr',
    file: 'server/sync/boundary-probe.ts',
    illegal: ['../routes/friend', '../ssr/card-pages'],
    legal: ['../domain/friends', '../db/client', './registry'],
  },
  {
    rule: 'server/ssr never imports routes or db',
    file: 'server/ssr/boundary-probe.ts',
    illegal: ['../routes/members-read', '../db/client', '../db/schema'],
    legal: ['../domain/cards', './meta'],
  },
];

describe('module boundaries are enforced by lint', () => {
  for (const c of cases) {
    it(`${c.rule}: crossing fails`, async () => {
      for (const target of c.illegal) {
        expect(await boundaryErrors(c.file, target), `${c.file} → ${target}`).toHaveLength(1);
      }
    });
    it(`${c.rule}: staying inside passes`, async () => {
      for (const target of c.legal) {
        expect(await boundaryErrors(c.file, target), `${c.file} → ${target}`).toEqual([]);
      }
    });
  }
});

import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appManifest } from './src/app-manifest';
import { linguiMacroBabel } from './lingui-macro-babel.ts';

const apiPort = process.env.API_PORT ?? '8787';
const clientOutDir = process.env.BUILD_OUT_DIR ?? 'dist/client';

// Libraries grouped by what loads them together, instead of one small chunk per shared module
// (docs/decisions/0003). React and Lingui serve both pages (app and card.html); the router
// only the app; forms and TanStack Query only the screens that use them.
const appFirstScreen = /[\\/](src|contract)[\\/]|node_modules[\\/]valibot[\\/]/;

/**
 * Our modules the card page (card.html) can load, statically or lazily, found by following
 * relative imports from its entry. They stay out of the `app` chunk so that a card visitor
 * never downloads it; computed, not listed, so moving a module cannot break the card's budget.
 */
function modulesLoadedFrom(entry: string): Set<string> {
  const importPattern =
    /(?:import|export)\s+(?!type\s)[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;
  const seen = new Set<string>();
  const pending = [path.resolve(entry)];
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      if (!specifier?.startsWith('.')) continue;
      const base = path.resolve(path.dirname(file), specifier);
      const found = [base, `${base}.ts`, `${base}.tsx`].find(
        (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
      );
      if (found) pending.push(found);
    }
  }
  return seen;
}
// The wedding page (wedding.html) is a light public page too (decision 0720), and so is a
// first visit's login page (login-visitor.html, decision 0004): its script must not pull the app chunk.
const cardModules = new Set([
  ...modulesLoadedFrom('src/ssr/entry-card.tsx'),
  ...modulesLoadedFrom('src/ssr/card-island.ts'),
  ...modulesLoadedFrom('src/ssr/wedding-island.ts'),
  ...modulesLoadedFrom('src/ssr/cv-island.ts'),
  ...modulesLoadedFrom('src/ssr/login-island.ts'),
]);
const loadedByCard = (id: string) => cardModules.has(path.resolve(id.split('?')[0] ?? id));
const clientChunkGroups = [
  {
    name: 'react',
    test: /node_modules[\\/](react|react-dom|scheduler|@lingui[\\/](core|react))[\\/]/,
    priority: 3,
  },
  {
    name: 'router',
    test: /node_modules[\\/](@tanstack[\\/](react-router|router-core|history|store|react-store)|use-sync-external-store)[\\/]/,
    priority: 2,
  },
  {
    name: 'query',
    test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
    priority: 2,
  },
  // valibot apart from the form library: the login screen checks with the contract schemas
  // but has no react-hook-form.
  // The app's own first-screen code in one chunk instead of a dozen small ones (a first visit
  // over HTTP/1.1 queues them six at a time). Left out: what the card page or its lazy parts
  // also load (they must not pull this chunk), see modulesLoadedFrom.
  {
    name: 'app',
    tags: ['$initial' as const],
    test: (id: string) => appFirstScreen.test(id) && !loadedByCard(id),
    // Not the modules these import: those may be the card page's too.
    includeDependenciesRecursively: false,
    priority: 1,
  },
  { name: 'valibot', test: /node_modules[\\/]valibot[\\/]/, priority: 3 },
  {
    name: 'forms',
    test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/,
    priority: 2,
  },
];

// `vite build --ssr src/ssr/entry-server.tsx` builds the card renderer into <client>/server
// (server/ssr/card-pages.ts loads it); the client build has a second, light page: card.html.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    !isSsrBuild &&
      tanstackRouter({
        target: 'react',
        routesDirectory: './src/routes',
        generatedRouteTree: './src/routeTree.gen.ts',
        autoCodeSplitting: true,
        // A visitor's first screen (`/` and `/login` are the login screen) is part of the entry:
        // no second wave of route chunks before the form shows (docs/decisions/0003).
        codeSplittingOptions: {
          splitBehavior: ({ routeId }) =>
            routeId === '/' || routeId === '/login' ? [] : undefined,
        },
      }),
    linguiMacroBabel(),
    react(),
    lingui(),
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'sw',
        filename: 'sw.ts',
        registerType: 'prompt',
        injectRegister: false,
        manifest: appManifest,
        injectManifest: {
          // ttf: the CV's PDF font (Be Vietnam Pro), so the PDF is made offline too (decision 0711);
          // wasm: the booth scanner's QR reader, so it reads with no network (decision 0920).
          globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2,ttf,wasm}'],
          // Screenshots are for the install sheet only (decision 1000).
          globIgnores: ['**/server/**', 'screenshots/**'],
        },
        devOptions: { enabled: false },
      }),
  ],
  resolve: {
    alias: [
      // Shared code (contract/csv.ts users) writes CSV with csv-stringify's Node build; the
      // browser gets the package's own browser build of the same API.
      { find: /^csv-stringify\/sync$/, replacement: 'csv-stringify/browser/esm/sync' },
    ],
  },
  build: {
    // A separate folder per parallel e2e run keeps builds from overwriting each other.
    outDir: isSsrBuild ? `${clientOutDir}/server` : clientOutDir,
    emptyOutDir: !isSsrBuild,
    sourcemap: false,
    // server/http/static.ts reads it to preload a route's chunks with the page (decision 0003).
    manifest: !isSsrBuild,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          // card-visitor.html: the anonymous visitor's card, server HTML and one small island
          // script (decision 0403).
          input: {
            index: 'index.html',
            card: 'card.html',
            'card-visitor': 'card-visitor.html',
            wedding: 'wedding.html',
            // The visitor's public CV: server HTML and a script that only registers the worker.
            'cv-visitor': 'cv-visitor.html',
            // A first visit's login page: the server-drawn form and its own small script, the
            // app starts after the login (decision 0004). Not named after an app path: the
            // worker's precache answers `/x` with `/x.html` when it holds one.
            'login-visitor': 'login-visitor.html',
          },
          output: { codeSplitting: { groups: clientChunkGroups } },
        },
  },
  // The app screens rendered on the server reach zxing's ESM build, whose extensionless deep
  // imports Node cannot load: the SSR bundle carries it.
  ssr: { noExternal: ['@zxing/library'] },
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/passport': `http://127.0.0.1:${apiPort}`,
    },
  },
}));

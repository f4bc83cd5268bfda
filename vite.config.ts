import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appManifest } from './src/app-manifest';

const apiPort = process.env.API_PORT ?? '8787';
const clientOutDir = process.env.BUILD_OUT_DIR ?? 'dist/client';

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
      }),
    // plugin-react 6 ignores its `babel` option, so Lingui's macro runs through rolldown's babel.
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
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
          globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
          globIgnores: ['**/server/**'],
        },
        devOptions: { enabled: false },
      }),
  ],
  build: {
    // A separate folder per parallel e2e run keeps builds from overwriting each other.
    outDir: isSsrBuild ? `${clientOutDir}/server` : clientOutDir,
    emptyOutDir: !isSsrBuild,
    sourcemap: false,
    rollupOptions: isSsrBuild ? {} : { input: { index: 'index.html', card: 'card.html' } },
  },
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/passport': `http://127.0.0.1:${apiPort}`,
    },
  },
}));

// What each server-drawn page reads once per process: its HTML template from the client build
// (stylesheets inlined) and its render function from the SSR bundle. Either is undefined on a
// build without it (an older one, the server tests' bare build): the caller then serves the
// app as before.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AppDeps } from '../http/env';

/**
 * The page's few KB of CSS go into the page itself: on a slow network a stylesheet is one
 * more round trip before the first paint, competing with the scripts for bandwidth.
 */
export function inlineStylesheets(template: string, clientDir: string): string {
  return template.replace(
    /<link rel="stylesheet"[^>]*href="(\/assets\/[\w.-]+\.css)"[^>]*>/g,
    (tag, href: string) => {
      const file = path.join(clientDir, href);
      if (!existsSync(file)) return tag;
      const css = readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style');
      return `<style>${css}</style>`;
    },
  );
}

/** The built `fileName` (e.g. `wedding.html`) with its styles inlined, read on first use. */
export function pageTemplate(deps: AppDeps, fileName: string): () => string | undefined {
  const file = path.join(deps.config.clientDir, fileName);
  let template: string | undefined | null = null;
  return () => {
    if (template === null) {
      template = existsSync(file)
        ? inlineStylesheets(readFileSync(file, 'utf8'), deps.config.clientDir)
        : undefined;
    }
    return template;
  };
}

/** The SSR bundle's export `name` (a render function), imported on first use. */
export function ssrExport<R>(deps: AppDeps, name: string): () => Promise<R | undefined> {
  const serverEntry = path.join(deps.config.clientDir, 'server', 'entry-server.js');
  let loaded: Promise<R | undefined> | undefined;
  return () => {
    loaded ??= existsSync(serverEntry)
      ? import(pathToFileURL(serverEntry).href).then(
          (m: Record<string, unknown>) => m[name] as R | undefined,
          (error: unknown) => {
            deps.logger.error('ssr bundle failed to load', { error: String(error) });
            return undefined;
          },
        )
      : Promise.resolve(undefined);
    return loaded;
  };
}

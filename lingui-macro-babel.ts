import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';

/**
 * Lingui's macros through rolldown's babel (plugin-react 6 ignores its `babel` option), run only
 * on files that import a macro: babel on every module doubled the tests' and the build's
 * transform time.
 */
export function linguiMacroBabel(): ReturnType<typeof babel> {
  return babel({
    presets: [
      defineRolldownBabelPreset({
        preset: { plugins: ['@lingui/babel-plugin-lingui-macro'] },
        rolldown: { filter: { code: /@lingui\/(?:core|react)\/macro/ } },
      }),
    ],
  });
}

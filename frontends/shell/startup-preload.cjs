// The scripts (and their stylesheets) the shell's start needs, listed by index.html as preloads inside an inert
// `<template id="mz-startup-preload">` (issue 10): `src/index.ts` puts them into the head once
// the page's first content (the gateway's cover) is painted, so no script competes with the
// cover's HTML, CSS and fonts for the connection, and then all of them are requested at once
// (without the list, the shared modules' chunks were only requested once the federation runtime
// had negotiated them: a round trip and main.js's work later).
const HtmlWebpackPlugin = require('html-webpack-plugin');

/**
 * The chunks `import('./bootstrap')` loads: the import's own chunks, and for every shared module
 * they consume (`consume-shared-module`), the chunks of the shell's own copy of it (its
 * `provide-module`: with 'loaded-first' the page takes the shell's), again and again. A plain
 * `import()` inside them (a lazy page) is left out: it loads when its page is shown.
 */
function startupFiles(compilation) {
  const { chunkGraph } = compilation;
  const entry = compilation.entrypoints.get('main');
  const entryModules = entry.chunks.flatMap((chunk) => [...chunkGraph.getChunkModulesIterable(chunk)]);
  const providers = new Map(
    entryModules.filter((module) => module.type === 'provide-module').map((module) => [module._name, module]),
  );
  const chunks = new Set();
  const seen = new Set();
  const addBlocks = (module) => {
    for (const block of module?.blocks ?? [])
      for (const chunk of chunkGraph.getBlockChunkGroup(block)?.chunks ?? []) add(chunk);
  };
  const add = (chunk) => {
    if (chunks.has(chunk) || entry.chunks.includes(chunk)) return;
    chunks.add(chunk);
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      if (module.type !== 'consume-shared-module' || seen.has(module)) continue;
      seen.add(module);
      addBlocks(providers.get(module.options.shareKey) ?? module);
    }
  };
  // index.ts arrives concatenated with what it imports: its resource is the root module's.
  const start = entryModules.find((module) =>
    /[\\/]src[\\/]index\.ts$/.test(module.resource ?? module.rootModule?.resource ?? ''),
  );
  addBlocks(start);
  // Their stylesheets too (the production build extracts each chunk's CSS into a .css file):
  // webpack's runtime links them when it loads the chunk, and finds them already fetched.
  return [...chunks].flatMap((chunk) => [...chunk.files].filter((file) => /\.(?:js|css)$/.test(file)));
}

/** The template's id, as `src/first-paint.ts` looks it up. */
const STARTUP_PRELOAD_ID = 'mz-startup-preload';

class StartupPreloadPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('StartupPreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('StartupPreloadPlugin', (data) => {
        const publicPath = compilation.outputOptions.publicPath;
        const links = startupFiles(compilation)
          .sort()
          .map(
            (file) =>
              `<link rel="preload" as="${file.endsWith('.css') ? 'style' : 'script'}" href="${publicPath}${file}">`,
          )
          .join('');
        // Inert until index.ts takes them out (a template's content is not fetched).
        data.bodyTags.push(
          HtmlWebpackPlugin.createHtmlTagObject('template', { id: STARTUP_PRELOAD_ID }, links),
        );
        return data;
      });
    });
  }
}

module.exports = { STARTUP_PRELOAD_ID, StartupPreloadPlugin, startupFiles };

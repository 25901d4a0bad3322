// The scripts the shell's start needs, preloaded by index.html (issue 10, Lighthouse): without
// it they are only requested once main.js has run (one round trip and main.js's work later),
// and `src/index.ts` waits for the first paint before it starts them (see there), so
// they download while the page's first content paints, and run after it.
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
  return [...chunks].flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')));
}

class StartupPreloadPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('StartupPreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('StartupPreloadPlugin', (data) => {
        const publicPath = compilation.outputOptions.publicPath;
        const links = startupFiles(compilation)
          .sort()
          .map((file) =>
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              as: 'script',
              href: `${publicPath}${file}`,
              // Behind the first content's fonts (preloaded by the gateway, in the head): the
              // cover's text waits for them, and the scripts only run after it is painted.
              fetchpriority: 'low',
            }),
          );
        // At the end of the body: after the fonts the gateway preloads in the head for the first
        // content (the browser requests them in the order it finds them).
        data.bodyTags.push(...links);
        return data;
      });
    });
  }
}

module.exports = { StartupPreloadPlugin, startupFiles };

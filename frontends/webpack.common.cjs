// One webpack configuration for the shell and every remote (see README.md). Each
// frontend's webpack.config.cjs calls createConfig with what makes it different.
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const rootPackage = require('../package.json');

const rootDeps = rootPackage.dependencies;
// Not a root dependency (it comes with @tanstack/react-query): its own installed version.
const queryCoreVersion = require('@tanstack/query-core/package.json').version;

/**
 * Shared as singletons between the shell and the remotes: one React, one router (the
 * remotes' <Routes> live in the shell's router; shared as @manzil/ui/router), one react-intl and one design system (its
 * CSS is loaded once). One TanStack Query: the shell's QueryClientProvider wraps every
 * remote's outlet, and a remote's useQuery finds that context only if both use the same
 * module (a second copy would have its own context, and no client). Its core too, whose
 * focus and online managers are module-level. react-hook-form is shared so a remote's
 * useWatch/useFieldArray work on the control @manzil/ui's useContractForm made (its zod
 * resolver is only imported by @manzil/ui, so it comes with it).
 */
const shared = {
  react: { singleton: true, requiredVersion: rootDeps.react },
  'react/jsx-runtime': { singleton: true, requiredVersion: rootDeps.react },
  'react-dom': { singleton: true, requiredVersion: rootDeps['react-dom'] },
  // Not react-router itself: the part of it the frontends use (ui/src/router.ts), so that
  // webpack tree-shakes the rest; one module, so still one router.
  '@manzil/ui/router': { singleton: true, requiredVersion: '*' },
  'react-intl': { singleton: true, requiredVersion: rootDeps['react-intl'] },
  '@tanstack/react-query': { singleton: true, requiredVersion: rootDeps['@tanstack/react-query'] },
  '@tanstack/query-core': { singleton: true, requiredVersion: queryCoreVersion },
  'react-hook-form': { singleton: true, requiredVersion: rootDeps['react-hook-form'] },
  '@manzil/ui': { singleton: true, requiredVersion: '*' },
  // Its forms entry on its own: loaded with the first page that has a form, not before.
  '@manzil/ui/forms': { singleton: true, requiredVersion: '*' },
  // The proposal builders, the agent's and the company's: loaded with their screens only.
  '@manzil/ui/proposals': { singleton: true, requiredVersion: '*' },
  // Shared so a page loads it once, not once per remote (routes, page heads, schemas). Not
  // zod itself: a shared module is bundled whole, and zod's whole (every locale) is four
  // times what our schemas use of it; it comes tree-shaken inside this chunk.
  '@manzil/contracts': { singleton: true, requiredVersion: '*' },
};

/** A webpack plugin that writes a file into the output (the shell's default remotes.json). */
class EmitFilePlugin {
  constructor(filename, content) {
    this.filename = filename;
    this.content = content;
  }
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('EmitFilePlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EmitFilePlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => compilation.emitAsset(this.filename, new sources.RawSource(this.content)),
      );
    });
  }
}

/**
 * Writes `<asset>.br` and `<asset>.gz` beside each js/css/svg/json asset (brotli at its best
 * quality unless MANZIL_BROTLI_QUALITY says less, gzip level 9: done once per build, read by the gateway for every visitor, which
 * picks one by Accept-Encoding; services/gateway/src/compression.ts). index.html is left out:
 * the gateway rewrites its head per request and compresses that page as it sends it.
 */
// MANZIL_BROTLI_QUALITY: npm start's quick build sets 5 (scripts/lib/build.mjs); a build that
// ships keeps the best.
const BROTLI_QUALITY = Number(process.env.MANZIL_BROTLI_QUALITY) || 11;

class PrecompressPlugin {
  static TEST = /\.(?:js|css|html|svg|json)$/;
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    const zlib = require('node:zlib');
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After minifying, source maps and the real content hashes: the final bytes and names.
        {
          name: 'PrecompressPlugin',
          stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER,
          additionalAssets: true,
        },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!PrecompressPlugin.TEST.test(name) || name === 'index.html') continue;
            const asset = compilation.getAsset(name);
            if (!asset || asset.info.compressed) continue;
            const buffer = asset.source.buffer();
            const brotli = zlib.brotliCompressSync(buffer, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
              },
            });
            const gzip = zlib.gzipSync(buffer, { level: 9 });
            const info = {
              compressed: true,
              immutable: asset.info.immutable,
              development: asset.info.development,
            };
            for (const [suffix, bytes] of [
              ['.br', brotli],
              ['.gz', gzip],
            ]) {
              if (compilation.getAsset(name + suffix)) continue;
              compilation.emitAsset(name + suffix, new sources.RawSource(bytes), info);
            }
          }
        },
      );
    });
  }
}

/**
 * @param {object} options
 * @param {string} options.dir           the frontend's folder (__dirname)
 * @param {string} options.name          the federation container name (customer, agentPortal, ...)
 * @param {Record<string,string>} [options.exposes]  a remote's exposed modules (only './App')
 * @param {import('webpack').WebpackPluginInstance[]} [options.plugins]
 * @param {boolean} [options.host]       the shell: an html entry, absolute public path
 */
function createConfig({ dir, name, exposes, plugins = [], host = false }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: host ? { main: './src/index.ts' } : {},
      output: {
        path: path.join(dir, 'dist'),
        // The shell owns '/', so deep links served index.html still find '/main.js'; a
        // remote finds its own chunks wherever the gateway mounts it.
        publicPath: host ? '/' : 'auto',
        // entry chunks: the federation runtime cannot compute a contenthash for them
        filename: production ? '[name].[fullhash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        uniqueName: name,
        clean: true,
      },
      // Source maps (bundle-breakdown.ts reads them, a browser's debugger uses them) cost about an
      // eighth of a production build's CPU: `npm start` builds without them (MANZIL_SOURCE_MAPS=0, set by
      // scripts/lib/build.mjs), `npm run build` with them.
      devtool: production
        ? process.env.MANZIL_SOURCE_MAPS === '0'
          ? false
          : 'source-map'
        : 'eval-cheap-module-source-map',
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.json'],
        // @manzil/contracts and @manzil/ui are compiled from their TypeScript source.
        conditionNames: ['source', 'browser', 'import', 'default'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        // intl-messageformat without the ICU parser (messages arrive compiled): the same exports,
        // `parse` throwing. A message given as a string would then fail to format, loudly.
        alias: {
          '@formatjs/icu-messageformat-parser$':
            require.resolve('@formatjs/icu-messageformat-parser/no-parser.js'),
        },
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2022',
                },
              },
            },
          },
          // Production: each chunk's CSS is its own hashed .css file, which webpack's runtime
          // links (and waits for) when it loads the chunk, the same for a remote's exposed
          // module and for a shared module's chunk. With style-loader the CSS was a string in
          // the script, parsed as JavaScript and injected by it: the @manzil/ui chunk's
          // evaluation was the longest task of the first load (issue 10). Development keeps
          // style-loader (no files to write on each rebuild).
          {
            test: /\.css$/,
            use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
          },
          { test: /\.(woff2?|png|jpe?g|svg|ico)$/, type: 'asset/resource' },
          // The message catalogues as ICU ASTs (scripts/messages-ast-loader.cjs); with the alias
          // below, no message is parsed in the browser.
          {
            test: /[\\/]src[\\/](?:i18n|messages)[\\/](?:en|ar)\.json$/,
            type: 'json',
            use: path.join(__dirname, 'scripts', 'messages-ast-loader.cjs'),
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: host ? undefined : 'remoteEntry.js',
          exposes,
          // The shell registers its remotes at runtime from /remotes.json.
          remotes: {},
          shared,
          // A remote's entry is fetched when one of its pages is opened, not on every page:
          // 'version-first' (the default) fetched all four entries and their manifests first to
          // compare versions of the shared modules, which are one set here (one lock file).
          shareStrategy: 'loaded-first',
          manifest: !host,
          dts: false,
          // One federation runtime on the page: the shell provides its runtime-core (a global),
          // each remote's remoteEntry uses it instead of carrying its own copy (≈ 20 KB
          // compressed less per remote on the first load).
          experiments: host ? { provideExternalRuntime: true } : { externalRuntime: true },
        }),
        ...plugins,
        ...(production
          ? [
              new MiniCssExtractPlugin({
                filename: '[name].[contenthash:8].css',
                chunkFilename: '[name].[contenthash:8].css',
              }),
              new PrecompressPlugin(),
            ]
          : []),
      ],
      optimization: {
        // A stylesheet that several lazy chunks import (the sign-in screens' auth.css, a
        // remote's page CSS) becomes one file of its own, fetched once, rather than a copy in
        // each chunk: a CSS module alone is below webpack's 20 KB minimum for a split chunk.
        splitChunks: production
          ? {
              cacheGroups: {
                sharedStyles: { type: 'css/mini-extract', chunks: 'async', minChunks: 2, minSize: 0 },
              },
            }
          : undefined,
        // swc's minifier instead of terser (webpack's default): the same two compress passes
        // in about half the build time, which is most of `npm start`'s build on a fresh clone.
        minimizer: [
          new MinimizerPlugin({
            minify: MinimizerPlugin.swcMinify,
            // MANZIL_KEEP_NAMES=1: functions keep their names, for reading a CPU profile or
            // react-commits.ts (scripts/bench); never for a build that ships.
            minimizerOptions: {
              compress: { passes: 2 },
              mangle: process.env.MANZIL_KEEP_NAMES !== '1',
              ...(process.env.MANZIL_KEEP_NAMES === '1' ? { keep_fnames: true, keep_classnames: true } : {}),
            },
          }),
          // The extracted CSS, by esbuild (no syntax lowered: logical properties stay as written).
          new MinimizerPlugin({
            test: /\.css$/i,
            minify: MinimizerPlugin.esbuildMinifyCss,
            minimizerOptions: { target: 'esnext' },
          }),
        ],
      },
      performance: { hints: false },
      stats: 'errors-warnings',
    };
  };
}

module.exports = { createConfig, EmitFilePlugin, PrecompressPlugin };

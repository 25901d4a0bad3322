// The Module Federation host (see ../README.md): index.html, favicon, and a default
// /remotes.json (the gateway may serve its own per environment).
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { createConfig, EmitFilePlugin } = require('../webpack.common.cjs');
const remotes = require('./remotes.json');
const { StartupPreloadPlugin } = require('./startup-preload.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'shell',
  host: true,
  plugins: [
    new HtmlWebpackPlugin({ template: './src/index.html', favicon: './src/favicon.svg' }),
    new StartupPreloadPlugin(),
    new EmitFilePlugin('remotes.json', `${JSON.stringify(remotes, null, 2)}\n`),
  ],
});

// Customer screens: home, listing pages, and every public page: a Module Federation remote exposing './App' (see ../README.md).
const { createConfig } = require('../webpack.common.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'customer',
  exposes: { './App': './src/app.tsx' },
});

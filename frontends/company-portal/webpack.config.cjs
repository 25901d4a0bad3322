// Company screens: its agents: a Module Federation remote exposing './App' (see ../README.md).
const { createConfig } = require('../webpack.common.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'companyPortal',
  exposes: { './App': './src/app.tsx' },
});

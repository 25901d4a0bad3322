// Property management for agents and companies: a Module Federation remote exposing './App' (see ../README.md).
const { createConfig } = require('../webpack.common.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'agentPortal',
  exposes: { './App': './src/app.tsx' },
});

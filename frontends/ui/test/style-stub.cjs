// Jest stand-in for CSS imports: styles do not matter to jsdom.
module.exports = {};

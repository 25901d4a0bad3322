// webpack loader: a frontend's message catalogue (`src/i18n/<language>.json`, the design system's
// `src/messages/<language>.json`) compiled to ICU message ASTs at build time, as formatjs
// recommends ("message distribution": pre-compile, then ship intl-messageformat without its
// parser). The browser then neither loads the parser (its module's evaluation compiles Unicode
// property regexes) nor parses each message the first time it is shown, both inside the first
// load's long tasks (issue 10). react-intl takes an AST wherever it takes a message string.
// The catalogues' keys and ICU text stay as written (the jest specs and the copy checks read the
// JSON files themselves).
module.exports = function messagesAstLoader(source) {
  const callback = this.async();
  import('@formatjs/icu-messageformat-parser')
    .then(({ parse }) => {
      const messages = JSON.parse(source);
      const compiled = {};
      for (const [id, message] of Object.entries(messages)) {
        if (typeof message !== 'string') throw new Error(`${this.resourcePath}: ${id} is not a string`);
        try {
          compiled[id] = parse(message);
        } catch (error) {
          throw new Error(`${this.resourcePath}: ${id} is not a valid ICU message: ${error.message}`);
        }
      }
      callback(null, JSON.stringify(compiled));
    })
    .catch((error) => callback(error));
};

// jest's jsdom environment with Node's own fetch classes and web streams, which jsdom lacks and supabase-js and
// createTestSupabase need. jsdom's window replaces the test's globals, so they are copied in from Node's.
// `fetch` itself is left out on purpose: a component test that reaches the network without a stub fails at once.
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'Request',
  'Response',
  'Headers',
  'FormData',
  'ReadableStream',
  'TransformStream',
  'WritableStream',
];

module.exports = class JsdomWithNodeFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
  }
};

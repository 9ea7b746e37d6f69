// Injected by webpack's DefinePlugin (tools/webpack/create-config.js).
declare const __APP_NAME__: string;
declare const __APP_VERSION__: string;

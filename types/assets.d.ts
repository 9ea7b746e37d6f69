// Asset imports handled by webpack's asset modules.
declare module '*.svg' {
  const url: string;
  export default url;
}
// A picture inlined as a `data:` URL (tools/webpack/create-config.js): a first screen's picture from a remote.
declare module '*.svg?inline' {
  const dataUrl: string;
  export default dataUrl;
}
declare module '*.png' {
  const url: string;
  export default url;
}
declare module '*.webp' {
  const url: string;
  export default url;
}

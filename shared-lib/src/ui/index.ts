export { theme, media, type Theme } from './theme';
export { GlobalStyle } from './global-style';
export { DesignProvider } from './providers';
export * from './primitives';
export { Dialog, type DialogProps } from './dialog';
export { ServiceIcon } from './service-icon';
export { usePageMeta, SITE_NAME } from './page-meta';
export { Toaster } from './toaster';
export { Tabs, TabsList, TabsTrigger, TabsContent } from './tabs';

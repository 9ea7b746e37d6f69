export { theme, media, type Theme } from './theme';
export { darkSurfaceFocus, GlobalStyle } from './global-style';
export { DesignProvider } from './providers';
export * from './primitives';
export {
  EmailField,
  fieldAria,
  FieldFrame,
  FormNote,
  SelectField,
  TextareaField,
  TextField,
  type FieldFeedback,
  type SelectFieldProps,
  type TextareaFieldProps,
  type TextFieldProps,
} from './text-field';
export { Dialog, type DialogProps } from './dialog';
export { PageMeta, type PageMetaProps } from './page-meta';
export { ToastDock, Toaster } from './toaster';
export {
  FormSkeleton,
  LinesSkeleton,
  LoadingStatus,
  SkeletonBlock,
  SkeletonField,
  SkeletonText,
} from './skeleton';
export { LiveRegion } from './live-region';
export { Steps } from './steps';
// Imported by subpath so pages that do not use them do not load them: 'shared-lib/promotion-bar' (the banner's bar,
// which the shell and the back office's preview draw), 'shared-lib/tabs' (Radix tabs) and
// 'shared-lib/service-icon' (the catalogue's icons) and 'shared-lib/service-art' (its illustrations).

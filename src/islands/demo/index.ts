/** Shared demo building blocks (the demo pages and the object-detection demo use these). */
export { BackToDemos } from './BackToDemos';
export { DemoGrid, DemoPanel, type DemoGridProps } from './DemoGrid';
export { DemoShell, type DemoShellProps } from './DemoShell';
export { SelectField, SliderField, SwitchField, type SelectFieldProps, type SliderFieldProps, type SwitchFieldProps } from './fields';
export { ImagePreview, type ImagePreviewProps } from './ImagePreview';
export { ImageSourceTabs, selectedSample, type ImageSourceTabsProps } from './ImageSourceTabs';
export { JsonPanel, type JsonPanelProps } from './JsonPanel';
export { ResultsCard, type ResultsCardProps, type ResultsStatus } from './ResultsCard';
export { SubmitButton, type SubmitButtonProps } from './SubmitButton';
export { COPIED_RESET_MS, copyText, formatJson } from './copy-text';
export { notify } from './notify';
export { useDebouncedValue } from './use-debounced-value';
export * from './demo-requests';

/** The app's one set of controls (docs/DESIGN §5d): import from here. */
export { Button, type ButtonProps, type ButtonVariant } from './Button';
export { Card, type CardProps } from './Card';
export { EmptyState } from './EmptyState';
export { Menu, type MenuItem, type MenuProps } from './Menu';
export { SegmentedControl, type Segment } from './SegmentedControl';
export { Select, type SelectOption } from './Select';
export { TextArea } from './TextArea';
export { TextField } from './TextField';
export { Artwork } from './Artwork';
export { Progress } from './Progress';
export { ItemPicker, type PickerItem } from './ItemPicker';
export { useNow } from './useNow';

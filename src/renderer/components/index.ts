/**
 * The app's one set of controls (docs/DESIGN §5d): import from here. The item picker, which only
 * panels loaded on demand use, is imported from its own file so the entry script does not carry it.
 */
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
export { useNow } from './useNow';

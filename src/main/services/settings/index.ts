export {
  createSettingsStore,
  defaultSettings,
  normaliseServiceAddress,
  SettingsSchema,
  SETTINGS_FILE,
} from './store';
export type { SettingsStoreOptions } from './store';
export { writeFileAtomic } from '../ground/atomic';

export {
  createVoicesService,
  voiceSubmitters,
  voiceView,
  cloneView,
  type VoicesService,
  type VoicesServiceDeps,
  type VoicesRuntime,
  type VoicesClient,
  type LocalRecording,
} from './service';
export { probeCloneFile, lengthLabel, CLONE_MIN_DURATION_MS, CLONE_MAX_DURATION_MS } from './probe';
export { VoicesStore, RECENTS_MAX } from './store';

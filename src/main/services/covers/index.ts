export {
  createCoversService,
  coverSubmitters,
  type CoversService,
  type CoversServiceDeps,
  type CoversClient,
  type CoversRuntime,
  type CoverInput,
  type CoverSourceInput,
} from './service';
export { measureUrl, measureUrls, type Measurement, type MeasureOptions } from './measure';
export { resolveLink, type ResolvedLink } from './shared';
export { CustomSingerStore, type CustomSingerRecord } from './singers';

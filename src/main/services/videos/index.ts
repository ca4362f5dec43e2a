export {
  createVideosService,
  videoSubmitters,
  type VideosService,
  type VideosServiceDeps,
} from './service';

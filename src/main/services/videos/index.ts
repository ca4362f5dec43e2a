export { createVideosService, type VideosService, type VideosServiceDeps } from './service';

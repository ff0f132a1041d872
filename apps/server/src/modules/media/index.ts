// The media module's surface (docs/architecture.md, "Server modules").
export { createConfiguredMediaStore, s3ConfigOf } from './configured-store.ts';
export { sniffImageType } from './image-type.ts';
export { createLocalMediaStore, type MediaStore } from './media-store.ts';
export type { NewMedia } from './media.repository.ts';
export { mediaRoutes } from './media.routes.ts';
export { createMediaService, type MediaService } from './media.service.ts';
export { createPublicImageUrl, type PublicImageUrl } from './public-url.ts';
export { createS3MediaStore, type S3MediaStore } from './s3-media-store.ts';
export { thumbnailOf } from './thumbnail.ts';

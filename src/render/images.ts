// The image sizes and index types live in src/views/images.ts. The image pipeline
// (src/generator/images.ts) and its test import them from here.
export { IMAGE_SIZES, type ImageIndex, type ImageRendition, type ImageSize } from '../views/images.ts';

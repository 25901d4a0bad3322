export {
  assertKey,
  OBJECT_STORAGE,
  type ByteRange,
  type ObjectInfo,
  type ObjectStorage,
  type ObjectStream,
  type StoredObject,
} from './object-storage.js';
export { FilesystemObjectStorage } from './filesystem-storage.js';
export { S3ObjectStorage, type S3Settings } from './s3-storage.js';
export {
  createObjectStorage,
  s3Settings,
  storageEnv,
  storageEnvSchema,
  type StorageEnv,
} from './storage.config.js';

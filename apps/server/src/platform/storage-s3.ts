import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { checkedKey, contentTypeOfKey, type FileStorage, newKey } from './storage.ts';

// Object storage through the AWS SDK, which speaks to any S3-compatible store (AWS S3, MinIO,
// Ceph, Aliyun OSS and Tencent COS in S3 mode). Chosen by STORAGE_URL:
//   s3://bucket[/prefix]?endpoint=http://minio:9000&region=us-east-1&forcePathStyle=true
// Credentials come from the SDK's usual places (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a
// profile, an instance role), never from the URL, so the URL can be logged.

export interface S3Location {
  bucket: string;
  /** Put before every key ("" or "school-a/"), so several deployments can share a bucket. */
  prefix: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
}

/** Reads STORAGE_URL; a Chinese message naming the setting when it is not a usable s3:// URL. */
export function parseStorageUrl(text: string): S3Location {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`STORAGE_URL 不是有效的地址：${text}`);
  }
  if (url.protocol !== 's3:') throw new Error('STORAGE_URL 应以 s3:// 开头，如 s3://huikao-files?region=cn-north-1');
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error(`STORAGE_URL 的存储桶名称无效：${bucket}`);
  const prefix = url.pathname.replace(/^\/+|\/+$/g, '');
  if (prefix && !/^[a-zA-Z0-9._/-]+$/.test(prefix)) throw new Error(`STORAGE_URL 的路径前缀无效：${prefix}`);
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint))
    throw new Error('STORAGE_URL 的 endpoint 应以 http:// 或 https:// 开头');
  return {
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    endpoint,
    region: url.searchParams.get('region') ?? process.env.AWS_REGION ?? 'us-east-1',
    forcePathStyle: url.searchParams.get('forcePathStyle') === 'true',
  };
}

export interface S3FileStorage extends FileStorage {
  location: S3Location;
  /** Creates the bucket when the store does not have it yet (a fresh MinIO in compose). */
  ensureBucket(): Promise<void>;
  close(): void;
}

export function s3FileStorage(location: S3Location, client?: S3Client): S3FileStorage {
  const s3 =
    client ??
    new S3Client({ region: location.region, endpoint: location.endpoint, forcePathStyle: location.forcePathStyle });
  const Bucket = location.bucket;
  const objectKey = (key: string) => location.prefix + checkedKey(key);
  return {
    location,
    async put(folder, fileName, body) {
      const key = newKey(folder, fileName);
      await s3.send(
        new PutObjectCommand({ Bucket, Key: objectKey(key), Body: body, ContentType: contentTypeOfKey(key) }),
      );
      return key;
    },
    async get(key) {
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        // The same failure as a missing file on local disk, so callers need not know the store.
        if ((error as { name?: string }).name === 'NoSuchKey') {
          throw Object.assign(new Error(`ENOENT: no such stored file ${key}`), { code: 'ENOENT' });
        }
        throw error;
      }
    },
    async remove(key) {
      await s3.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async signedUrl(key, seconds) {
      return getSignedUrl(s3, new GetObjectCommand({ Bucket, Key: objectKey(key) }), {
        expiresIn: Math.max(1, Math.floor(seconds)),
      });
    },
    async ensureBucket() {
      try {
        await s3.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status !== 404) throw error;
        await s3.send(new CreateBucketCommand({ Bucket }));
      }
    },
    close: () => s3.destroy(),
  };
}

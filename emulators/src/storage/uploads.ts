/**
 * The one-request uploads both APIs share, streamed to disk: a simple (raw/media) upload,
 * judged on its headers before the body is read, and a multipart upload, judged once its
 * metadata part is in and before any byte of the media is read.
 */
import { header, type ApiCall } from './api-call.js';
import { bodyChunks, declaredLength, receiveBody } from './http.js';
import { readMultipartRelated } from './multipart.js';
import { parseMetadataPatch, type MetadataPatch, type ObjectMetadata } from './object-metadata.js';
import type { StorageService, UploadTarget } from './service.js';

/** A body that is the object's bytes (Firebase API raw upload, GCS `uploadType=media`). */
export async function simpleUpload(service: StorageService, call: ApiCall, target: UploadTarget): Promise<ObjectMetadata> {
  await service.admit(target, declaredLength(call.request));
  return service.upload(async (blob) => {
    await receiveBody(call.request, blob, service.limits.maxUploadBytes);
    return target;
  });
}

/** A `multipart/related` body; `targetFor` makes the target from the metadata part and the media's content type. */
export function multipartUpload(
  service: StorageService,
  call: ApiCall,
  targetFor: (patch: MetadataPatch, mediaContentType: string | undefined) => UploadTarget,
): Promise<ObjectMetadata> {
  return service.upload(async (blob) => {
    let target: UploadTarget | undefined;
    await readMultipartRelated(
      header(call, 'content-type'),
      bodyChunks(call.request),
      {
        async head(head) {
          target = targetFor(parseMetadataPatch(head.metadata), head.contentType);
          await service.admit(target, head.declaredSize);
        },
        media: (bytes) => blob.write(bytes),
      },
      { maxMediaBytes: service.limits.maxUploadBytes, contentLength: declaredLength(call.request) },
    );
    return target!;
  });
}

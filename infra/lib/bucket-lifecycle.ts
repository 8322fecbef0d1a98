import { Duration } from "aws-cdk-lib";
import type { LifecycleRule } from "aws-cdk-lib/aws-s3";

/**
 * The lifecycle of a versioned bucket: current objects expire after `current` (never when undefined), replaced and
 * deleted versions after `noncurrent`, and what is left behind (lone delete markers, unfinished uploads) is cleared.
 * S3 takes the delete-marker clean-up only in a rule without an expiry, hence two rules.
 */
export function versionedLifecycle(current: Duration | undefined, noncurrent: Duration): LifecycleRule[] {
  return [
    {
      id: "ExpireVersions",
      ...(current ? { expiration: current } : {}),
      noncurrentVersionExpiration: noncurrent,
      abortIncompleteMultipartUploadAfter: Duration.days(1),
    },
    { id: "ClearDeleteMarkers", expiredObjectDeleteMarker: true },
  ];
}

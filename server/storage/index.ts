import path from "node:path";
import type { Config } from "../config";
import type { ObjectStore } from "./object-store";
import { LocalObjectStore } from "./local";
import { GcsObjectStore } from "./gcs";

/** Chooses the object store from the configuration: GCS when GCS_BUCKET is set, local disk otherwise. */
export function createObjectStore(config: Config): ObjectStore {
  if (config.gcsBucket) return GcsObjectStore.forBucket(config.gcsBucket);
  return new LocalObjectStore(path.join(config.dataDir, "objects"), config.uploadSigningKey, config.publicUrl);
}

/** An uploaded multipart file part, as a handler receives it. */
export interface UploadedFile {
  filename: string;
  type: string;
  bytes: Uint8Array;
}

export type FormValue = string | UploadedFile;

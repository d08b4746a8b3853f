/**
 * The Content-Type of what the preview server sends, by file extension, from
 * mime-types (the table send and Express use): text types name UTF-8, which
 * the build writes; bytes of no known type are application/octet-stream, which
 * browsers download rather than guess (with X-Content-Type-Options: nosniff).
 */
import { contentType } from 'mime-types';

export const typeOf = (extension: string): string => contentType(extension) || 'application/octet-stream';

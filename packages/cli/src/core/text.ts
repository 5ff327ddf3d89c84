/** U+FEFF, which some Windows editors put at the start of a UTF-8 file; JSON.parse rejects it. */
const BYTE_ORDER_MARK = '\uFEFF';

/** The text without a leading byte-order mark (an invisible character in an error message). */
export function stripByteOrderMark(text: string): string {
  return text.startsWith(BYTE_ORDER_MARK) ? text.slice(BYTE_ORDER_MARK.length) : text;
}

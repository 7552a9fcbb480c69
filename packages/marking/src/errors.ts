/**
 * A caller passed settings or marks the rules cannot work with (marking.md: "flag, never guess").
 * The message is Chinese and names the field, so the server can show it to a 阅卷管理员 as it is.
 */
export class MarkingInputError extends Error {
  override readonly name = 'MarkingInputError';
}

/**
 * Machine scoring of an objective question from its key (issue #4 item 5).
 * - 单选 and 判断: full mark when the choice equals the key, else 0.
 * - 多选: full mark when the chosen set equals the key; a non-empty proper subset of the key
 *   earns `partialMark` (少选得分); any letter outside the key, or nothing chosen, earns 0.
 * Letters are compared as sets, so 'CA' and 'AC' are the same choice.
 */
export interface ObjectiveKey {
  /** 1 单选, 2 多选, 3 判断. */
  objectiveType: number;
  answer: string | null;
  fullMark: number;
  partialMark: number | null;
}

const letters = (text: string) => new Set(text.toUpperCase().replace(/[^A-Z]/g, ''));

export function scoreObjective(key: ObjectiveKey, choice: string | null | undefined): number {
  if (!key.answer || !choice) return 0;
  const chosen = letters(choice);
  const correct = letters(key.answer);
  if (chosen.size === 0) return 0;
  for (const letter of chosen) if (!correct.has(letter)) return 0;
  if (chosen.size === correct.size) return key.fullMark;
  return key.objectiveType === 2 ? Math.min(key.partialMark ?? 0, key.fullMark) : 0;
}

/** Letters allowed for a question: A… for choices (optionCount of them), T/F for 判断. */
export function allowedLetters(objectiveType: number, optionCount: number | null): string {
  if (objectiveType === 3) return 'TF';
  return 'ABCDEFGH'.slice(0, Math.max(2, Math.min(8, optionCount ?? 4)));
}

/**
 * The chosen letters in canonical form ('CA' → 'AC'), or a Chinese reason it is not allowed.
 * 判断 also accepts 对/错, √/×, Y/N and A/B (A = 对).
 */
export function normaliseChoice(
  objectiveType: number,
  optionCount: number | null,
  raw: string,
): { choice: string } | { error: string } {
  let text = raw.trim().toUpperCase();
  if (objectiveType === 3) {
    const judge: Record<string, string> = {
      对: 'T',
      '√': 'T',
      Y: 'T',
      A: 'T',
      错: 'F',
      '×': 'F',
      X: 'F',
      N: 'F',
      B: 'F',
    };
    text = judge[text] ?? text;
  }
  text = text.replace(/[\s,，、]/g, '');
  if (text === '') return { choice: '' };
  const allowed = allowedLetters(objectiveType, optionCount);
  const chosen = [...new Set(text.split(''))];
  const bad = chosen.filter((letter) => !allowed.includes(letter));
  if (bad.length > 0) return { error: `选项“${raw.trim()}”不允许，只能填 ${allowed.split('').join('、')}` };
  if (objectiveType !== 2 && chosen.length > 1) return { error: `选项“${raw.trim()}”不允许：单选题和判断题只能选一个` };
  return { choice: chosen.sort().join('') };
}

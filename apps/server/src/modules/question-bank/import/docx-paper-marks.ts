// The line markers a paper's questions and its answer key at the end are both written with:
// a section heading (一、选择题), a question number (1.), an answer (【答案】) and an explanation (【解析】).

export const SECTION = /^([一二三四五六七八九十]{1,3})\s*[、.．]\s*(.+)$/;
export const QUESTION = /^(\d{1,3})\s*[.．、](?!\d)\s*(.*)$/;
export const ANSWER_MARK = /^(?:[【〖[]\s*(?:参考)?答案\s*[】〗\]]|(?:参考)?答案\s*[:：])\s*(.*)$/;
export const EXPLAIN_MARK =
  /^(?:[【〖[]\s*(?:解析|分析|详解|解答|点睛|点评|考点)\s*[】〗\]]|(?:解析|分析|详解)\s*[:：])\s*(.*)$/;

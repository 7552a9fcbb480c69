// Names for the demo school: a common-surname list and given-name characters, drawn by a
// pseudo-random generator with a fixed seed, so every start of the demo has the same people.

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林高罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN_MALE =
  '伟强磊军洋勇杰涛明超刚平辉鹏华飞鑫波斌宇浩凯健俊帆帅旭宁龙林欣然博文轩睿泽晨阳毅锐航哲昊天宏志远嘉诚子';
const GIVEN_FEMALE = '芳娜敏静丽艳娟霞燕玲婷雪琳颖慧莹晶欣怡佳悦涵梓萱雨彤思琪嘉妍雅诗梦瑶婉清晓蕾若楠可馨一宁子';

/** mulberry32: small, fast and good enough to pick names; the same seed gives the same sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface DemoPerson {
  name: string;
  /** 1 男, 2 女. */
  gender: 1 | 2;
}

/** Draws people with 2- or 3-character names; never the same full name twice in one draw. */
export function drawPeople(random: () => number, count: number, taken: Set<string> = new Set()): DemoPerson[] {
  const pick = (chars: string) => chars[Math.floor(random() * chars.length)]!;
  const people: DemoPerson[] = [];
  while (people.length < count) {
    const gender = random() < 0.5 ? 1 : 2;
    const chars = gender === 1 ? GIVEN_MALE : GIVEN_FEMALE;
    const given = random() < 0.3 ? pick(chars) : pick(chars) + pick(chars);
    const name = pick(SURNAMES) + given;
    if (taken.has(name) || (given.length === 2 && given[0] === given[1])) continue;
    taken.add(name);
    people.push({ name, gender });
  }
  return people;
}

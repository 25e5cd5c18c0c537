/**
 * Korean member names for the 1,000,000-member simulation (scripts/scale/generate.ts).
 *
 * Surnames carry their share of the population (Statistics Korea, 2015 census, the 30 most common, which
 * cover ~88 % of people; the rest of the weight is spread over them proportionally), so '김' matches about a
 * fifth of the members as it would in production, and the admin search's trigram indexes see a realistic
 * distribution of very common and rarer fragments. Given names are common names of people born 1970–2010,
 * each with the romanization members typically use in a login handle.
 */

/** [surname, romanization, share in ‰ of the population]. */
export const SURNAMES: readonly [string, string, number][] = [
  ["김", "kim", 215],
  ["이", "lee", 147],
  ["박", "park", 84],
  ["최", "choi", 47],
  ["정", "jung", 43],
  ["강", "kang", 24],
  ["조", "cho", 21],
  ["윤", "yoon", 21],
  ["장", "jang", 20],
  ["임", "lim", 17],
  ["한", "han", 15],
  ["오", "oh", 15],
  ["서", "seo", 15],
  ["신", "shin", 14],
  ["권", "kwon", 14],
  ["황", "hwang", 14],
  ["안", "ahn", 14],
  ["송", "song", 13],
  ["류", "ryu", 12],
  ["전", "jeon", 11],
  ["홍", "hong", 11],
  ["고", "ko", 9],
  ["문", "moon", 9],
  ["양", "yang", 9],
  ["손", "son", 9],
  ["배", "bae", 8],
  ["백", "baek", 8],
  ["허", "heo", 6],
  ["유", "yoo", 6],
  ["남", "nam", 5],
];

/** [given name, romanization]. */
export const GIVEN_NAMES: readonly [string, string][] = [
  ["민준", "minjun"],
  ["서연", "seoyeon"],
  ["도윤", "doyun"],
  ["서윤", "seoyun"],
  ["시우", "siwoo"],
  ["지우", "jiwoo"],
  ["하준", "hajun"],
  ["하윤", "hayun"],
  ["주원", "juwon"],
  ["지호", "jiho"],
  ["지유", "jiyu"],
  ["준서", "junseo"],
  ["수아", "sua"],
  ["예준", "yejun"],
  ["지아", "jia"],
  ["건우", "gunwoo"],
  ["서아", "seoa"],
  ["현우", "hyunwoo"],
  ["다은", "daeun"],
  ["우진", "woojin"],
  ["민서", "minseo"],
  ["선우", "sunwoo"],
  ["채원", "chaewon"],
  ["연우", "yeonwoo"],
  ["하은", "haeun"],
  ["유준", "yujun"],
  ["지민", "jimin"],
  ["정우", "jungwoo"],
  ["윤서", "yunseo"],
  ["승우", "seungwoo"],
  ["수빈", "subin"],
  ["승현", "seunghyun"],
  ["소율", "soyul"],
  ["준우", "junwoo"],
  ["예은", "yeeun"],
  ["지환", "jihwan"],
  ["지원", "jiwon"],
  ["은우", "eunwoo"],
  ["시아", "sia"],
  ["도현", "dohyun"],
  ["성민", "sungmin"],
  ["지훈", "jihoon"],
  ["현준", "hyunjun"],
  ["동현", "donghyun"],
  ["민재", "minjae"],
  ["영호", "youngho"],
  ["영수", "youngsoo"],
  ["영희", "younghee"],
  ["정희", "junghee"],
  ["미영", "miyoung"],
  ["은정", "eunjung"],
  ["혜진", "hyejin"],
  ["지영", "jiyoung"],
  ["수진", "sujin"],
  ["상훈", "sanghoon"],
  ["성호", "sungho"],
  ["재현", "jaehyun"],
  ["진우", "jinwoo"],
  ["태양", "taeyang"],
  ["경민", "kyungmin"],
  ["보람", "boram"],
  ["유진", "yujin"],
  ["소연", "soyeon"],
  ["민지", "minji"],
  ["예린", "yerin"],
  ["하늘", "haneul"],
  ["재훈", "jaehoon"],
  ["동훈", "donghoon"],
  ["미숙", "misook"],
  ["순자", "soonja"],
  ["광수", "kwangsoo"],
  ["철수", "chulsoo"],
  ["명숙", "myungsook"],
  ["경희", "kyunghee"],
  ["은비", "eunbi"],
  ["나연", "nayeon"],
  ["태현", "taehyun"],
  ["승민", "seungmin"],
  ["다인", "dain"],
  ["가은", "gaeun"],
];

/** 1,000 slots, each surname repeated by its share: slot `floor(u × 1000)` picks a surname by its frequency. */
export function surnameSlots(): { hangul: string[]; roman: string[] } {
  const total = SURNAMES.reduce((s, [, , w]) => s + w, 0);
  const hangul: string[] = [];
  const roman: string[] = [];
  let acc = 0;
  for (const [h, r, w] of SURNAMES) {
    acc += w;
    const upTo = Math.round((acc / total) * 1000);
    while (hangul.length < upTo) {
      hangul.push(h);
      roman.push(r);
    }
  }
  return { hangul, roman };
}

// The passport zone's repairs and the two engines' agreement: a repair is made only where the format leaves one
// answer, and a reading the check digits cannot vouch for is never kept on one engine's word.
import { describe, expect, it } from "vitest";
import { confirmedName, lstmSecondLine, namesInOrder, secondAgrees } from "../../server/passport/agree.ts";
import { checkedSecondLine, firstLines, readTd3 } from "../../server/passport/zone.ts";
import { identity, td3Lines } from "../helpers/passportScans.ts";

const TODAY = new Date("2026-11-30T12:00:00Z");
// A number starting with O, so that O and 0 are both plausible to OCR.
const who = { ...identity(3), number: "O10110866" };
const [line1, line2] = td3Lines(who);

describe("repairing the second line", () => {
  it("keeps a reading that passes every check digit as it is", () => {
    expect(checkedSecondLine(line2, TODAY)).toBe(line2);
  });

  it("swaps one look-alike of the number back when only that passes, and drops a stray mark at either end", () => {
    expect(checkedSecondLine(`0${line2.slice(1)}`, TODAY)).toBe(line2);
    expect(checkedSecondLine(`I ${line2} 1`, TODAY)).toBe(line2);
  });

  it("gives nothing for a changed check digit, nor for two misread look-alikes (they can cancel out)", () => {
    const changed = `${line2.slice(0, 19)}${(Number(line2[19]) + 1) % 10}${line2.slice(20)}`;
    expect(checkedSecondLine(changed, TODAY)).toBeNull();
    // O→0 and 1→I together: one swap back never passes, and two swaps are never tried.
    expect(checkedSecondLine(`0I${line2.slice(2)}`, TODAY)).toBeNull();
  });
});

describe("repairing the first line", () => {
  it("drops marks before the P, turns digits in the names to letters and makes the names' end filler", () => {
    const noisy = `IV ${line1.slice(0, 5)}${line1.slice(5, 9).replace("O", "0")}${line1.slice(9).replace(/<<<<<<</, "<<<<7<<")}  I`;
    const repaired = firstLines(noisy);
    expect(repaired).toContain(line1);
    expect(readTd3(line1, line2, TODAY)?.surname).toBe(who.surname);
  });
});

describe("the second engine's agreement", () => {
  it("agrees with the checked line read alike, a filler read as K, or one look-alike apart", () => {
    expect(secondAgrees(line2, line2)).toBe(true);
    expect(secondAgrees(line2, `B${line2.replace(/<</, "KL")}J`)).toBe(true);
    expect(secondAgrees(line2, `0${line2.slice(1)}`)).toBe(true);
  });

  it("vetoes a number, nationality or sex read otherwise (swaps a check digit misses: 6 for G, M for W)", () => {
    const gNumber = "G12345678";
    const withG = td3Lines({ ...who, number: gNumber })[1];
    expect(secondAgrees(withG, `6${withG.slice(1)}`)).toBe(false);
    const otherState = who.nationality === "GHA" ? "NGA" : "GHA";
    expect(secondAgrees(line2, `${line2.slice(0, 10)}${otherState}${line2.slice(13)}`)).toBe(false);
    const other = line2[20] === "M" ? "F" : "M";
    expect(secondAgrees(line2, `${line2.slice(0, 20)}${other}${line2.slice(21)}`)).toBe(false);
    // A letter that is no sex at all (the legacy engine's H for M) is a misreading, not another answer.
    expect(secondAgrees(line2, `${line2.slice(0, 20)}H${line2.slice(21)}`)).toBe(true);
  });

  it("restores the LSTM engine's filler only in the personal-number field", () => {
    const garbled = `${line2.slice(0, 28)}<KLLC<<<<<<<<<${line2.slice(42)}`;
    expect(lstmSecondLine(garbled)).toBe(line2);
    expect(lstmSecondLine(`K${line2.slice(1)}`).startsWith("K")).toBe(true);
  });

  it("confirms a name the LSTM engine reads, undoes the legacy engine's W only when one spelling fits", () => {
    expect(confirmedName("OKONKWO", "P<NGAOKONKWO<K<IFEOMA")).toBe("OKONKWO");
    expect(confirmedName("OKONKHO", "P<NGAOKONKWO<K<IFEOMA")).toBe("OKONKWO");
    expect(confirmedName("CHIOIVIA", "P<NGAADEYEMI<K<KCHIOMA")).toBe("CHIOMA");
    expect(confirmedName("OKONKHO", "P<NGAOKONKLO<K<IFEOMA")).toBeNull();
    // Two spellings in the LSTM engine's text: no guess.
    expect(confirmedName("NAN", "WAN<NAW")).toBeNull();
  });

  it("wants the names whole and in order in the LSTM engine's line, nothing between or after them", () => {
    expect(namesInOrder("NGA", "ADEYEMI", "CHIOMA", "P<KNGAADEYEMI<K<KCHIOMA<C<LLLLLLLCLLLL")).toBe(true);
    expect(namesInOrder("NGA", "DANJUMA", "AMINA GRACE", "P<GBRNGADANJUMA<<AMINA<GRACE<<<<<<<")).toBe(true);
    // A letter read as "<" by the legacy engine: "EZE<<<CHE" would give CHE for UCHE, or no given names at all.
    expect(namesInOrder("NGA", "EZE", "CHE", "P<NGAEZE<K<UCHE<CCCLLL")).toBe(false);
    expect(namesInOrder("NGA", "EZE", "", "P<NGAEZE<K<UCHE<CCCLLL")).toBe(false);
    expect(namesInOrder("NGA", "EZE", "", "P<NGAEZE<K<CCCLLLLKLK")).toBe(true);
    // A dropped given name.
    expect(namesInOrder("NGA", "DANJUMA", "AMINA", "P<NGADANJUMA<<AMINA<GRACE<<<<")).toBe(false);
  });
});

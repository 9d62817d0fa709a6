// Preloaded with --import to run a command with the clock moved 4 years and a few hours ahead (Date and Date.now).
const offset = (4 * 365 + 7) * 24 * 3600 * 1000 + 5 * 3600 * 1000;
const RealDate = Date;
class ShiftedDate extends RealDate {
  constructor(...args) {
    super(...(args.length === 0 ? [RealDate.now() + offset] : args));
  }
  static now() {
    return RealDate.now() + offset;
  }
}
globalThis.Date = ShiftedDate;

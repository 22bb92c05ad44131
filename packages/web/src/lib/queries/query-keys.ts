/**
 * The first segment of query keys that more than one feature reads or refreshes. Every hours query
 * starts with `hoursKey` and every RFID query with `rfidKey`, so one change refreshes them all.
 * The month's statement (`payrollKey`) and the holiday calendar (`holidaysKey`) change with each
 * other's settings: a company day off changes the pay, the jurisdiction changes the holidays.
 */
export const hoursKey = ['hours'] as const;
export const rfidKey = ['rfid'] as const;
export const payrollKey = ['payroll'] as const;
export const holidaysKey = ['holidays'] as const;

// The recommended drivers and their prices, the same for every member.
export const driverKeys = {
  all: ['driver-contacts'] as const,
};

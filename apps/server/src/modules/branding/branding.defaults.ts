/** What a deployment shows until staff write their own (spec §9 and DOMAIN.md). */
export const DEFAULT_RISK_SUMMARY = [
  'Estimated reading time: 2 min',
  'Due to the potential for losses, the Financial Conduct Authority (FCA) considers this investment to be high risk.',
  'What are the key risks?',
  '1. You could lose all the money you invest. If the business you invest in fails, you are likely to lose 100% of the money you invested. Most start-up businesses fail.',
  '2. You are unlikely to be protected if something goes wrong. Protection from the Financial Services Compensation Scheme (FSCS) does not cover poor investment performance, and you are unlikely to be able to complain to the Financial Ombudsman Service.',
  '3. You won’t get your money back quickly. Even if the business you invest in is successful, it may take several years to get your money back. You are unlikely to be able to sell your investment early.',
  '4. Don’t put all your eggs in one basket. Putting all your money into a single business or type of investment is risky. Spreading your money across different investments makes you less dependent on any one to do well. A good rule of thumb is not to invest more than 10% of your money in high-risk investments.',
  '5. The value of your investment can be reduced. The percentage of the business that you own will decrease if the business issues more shares, which could mean the value of your investment falls.',
].join('\n\n');

export const DEFAULT_MARKET_SOUNDING_DESCRIPTION =
  'We would like to share information about a possible transaction that is not yet public. If you agree to receive it, you may become an insider: you must keep the information confidential and must not deal in, or encourage others to deal in, the related securities until it is made public or ceases to be inside information. Your acceptance, with the date and time, is recorded in our insider register.';

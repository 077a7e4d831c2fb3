import { z } from 'zod';
import { carType, phone, slug } from './common.ts';

/**
 * The configuration of one dealer site: one YAML file per dealer under `sites/`.
 *
 * Every key has a default, so a dealer file holds only what differs from the
 * platform defaults. Parsing a file through {@link SiteConfigSchema} deep-merges
 * those defaults with the file's overrides: objects merge key by key, lists and
 * scalars replace. Objects are strict, so a misspelt key is an error rather than
 * a silently ignored switch.
 *
 * Secrets never appear here. Where a site needs one (an API token, a webhook
 * secret, the Algolia admin key, a CRM token) the file names the environment
 * variable that holds it, in a key ending in `Env`.
 */

/** Name of an environment variable that holds a secret, e.g. `BAYSIDE_MG_API_TOKEN`. */
const envVarName = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]*$/, 'an environment variable name in CAPITALS, e.g. DEALER_API_TOKEN');

const cssColour = z
  .string()
  .regex(
    /^(#[0-9a-fA-F]{3,8}|(rgb|hsl|oklch)a?\([^)]*\))$/,
    'a CSS colour such as #c8102e or oklch(0.6 0.2 25)',
  );

const sitePath = z.string().regex(/^\/[^\s]*$/, 'a site path starting with /, e.g. /finance');

const sortOption = z.enum(['mostRelevant', 'latest', 'highestPrice', 'lowestPrice']);

/** A slider's bounds and step. */
const sliderRange = (min: number, max: number, step: number) =>
  z
    .strictObject({ min: z.number().default(min), max: z.number().default(max), step: z.number().positive().default(step) })
    .prefault({})
    .refine((r) => r.min < r.max, { message: 'min must be below max' });

// ---------------------------------------------------------------- source

const FileSourceSchema = z.strictObject({
  kind: z.literal('file'),
  /**
   * Folder holding the generated demo feed for this site, relative to the project root.
   * @default "data/feed/<slug>"
   */
  feedDir: z.string().optional(),
});

const HttpSourceSchema = z.strictObject({
  kind: z.literal('http'),
  /** Base URL of the dealer platform API. @example "https://api.dealer-platform.example/v1/dealers/bayside-mg" */
  baseUrl: z.url(),
  /** Environment variable holding the bearer token. @example "BAYSIDE_MG_API_TOKEN" */
  tokenEnv: envVarName,
  /** Per-request timeout in milliseconds. */
  timeoutMs: z.number().int().positive().default(15_000),
  /** Retries after a 5xx or network error (4xx is never retried). */
  retries: z.number().int().min(0).max(10).default(3),
  /** Vehicles requested per page of the stock listing. */
  pageSize: z.number().int().min(1).max(1000).default(250),
});

// ---------------------------------------------------------------- sections

const ThemeSchema = z
  .strictObject({
    /** Brand colour: header, buttons, links. */
    primary: cssColour.default('#1d4ed8'),
    /** Text colour on top of `primary`. */
    onPrimary: cssColour.default('#ffffff'),
    /** Accent for badges and highlights. */
    accent: cssColour.default('#f59e0b'),
    /** Logo path, relative to the site root. @example "/content/bayside-mg/logo.svg" */
    logo: z.string().optional(),
  })
  .prefault({});

const FeaturesSchema = z
  .strictObject({
    /** "My garage" pages (always behind sign-in). */
    garage: z.boolean().default(false),
    /** Favourite/compare toggle on cards and vehicle pages, stored in the shopper's browser. */
    favourites: z.boolean().default(false),
    /** Server-backed watchlist (needs a signed-in shopper with a phone on record). */
    watchlist: z.boolean().default(false),
    /** Reserve Online button and the checkout page for available vehicles. */
    reserve: z.boolean().default(false),
    /** Online purchase journey at /checkout-journey?car_id={slug}. */
    onlinePurchase: z.boolean().default(false),
    /** "Request more photos" form on vehicle pages. */
    photoRequests: z.boolean().default(false),
    /** Used-vehicle checks section (history and condition checks) on used vehicle pages. */
    usedCarChecks: z.boolean().default(false),
    /** Vehicle report (market data) download for used cars in stock priced above $200. */
    vehicleReport: z.boolean().default(false),
    /** Show the subscription price first where a vehicle has one. */
    subscriptionPricing: z.boolean().default(false),
    /** Electric/hybrid badge wins the card badge priority. */
    electricBadge: z.boolean().default(false),
    /** Breadcrumbs and titles use the vehicle's full name including its series. */
    seriesDisplay: z.boolean().default(false),
    /** Trade-in valuation button and page. */
    tradeIn: z.boolean().default(true),
    /** Delivery price calculator by postcode on vehicle pages. */
    deliveryCalculator: z.boolean().default(false),
    /** Fuel cost calculator on vehicle pages (always hidden for electric vehicles). */
    fuelCalculator: z.boolean().default(true),
    /** Price comparison (market position) panel. */
    priceComparison: z.boolean().default(true),
    /** "Below market price" badge. */
    marketPriceBadge: z.boolean().default(true),
    /** 360 spin viewer where a vehicle has spin images. */
    spinViewer: z.boolean().default(true),
    /** Instant quote from the finance partner's quote API (price above 0 only). */
    financeQuote: z.boolean().default(false),
    /** Similar vehicles section on vehicle pages. */
    similarVehicles: z.boolean().default(true),
    /** Printable vehicle page. `pdf` offers a PDF download named after the vehicle slug. */
    print: z.enum(['off', 'page', 'pdf']).default('page'),
    /** Popup promotion from content/<slug>/popup.yaml. */
    popup: z.boolean().default(true),
    /** Sales counter block (one sale per 450 seconds since the start of the month). */
    salesCounter: z.boolean().default(false),
    /** Electric-vehicle microsite (model cards and comparison) from content/<slug>/ev-models.yaml. */
    evMicrosite: z.boolean().default(false),
    /** Servicing page with fixed-price servicing content. */
    servicingPage: z.boolean().default(false),
    /** Recall information page. */
    recallPage: z.boolean().default(false),
    /** Blog / vehicle reviews section. */
    blog: z.boolean().default(false),
    /** "Car analysis" download for used vehicles (a location or home plugin switch). */
    carAnalysisDownload: z.boolean().default(false),
    /** "Enquire Now" is replaced by "Instant Message" in the mobile action bar. */
    instantMessage: z.boolean().default(false),
    /** Location stats banner and brand grids (group sites). */
    brandPages: z.boolean().default(false),
  })
  .prefault({});

const StockSchema = z
  .strictObject({
    /** Publish used vehicles only. */
    usedOnly: z.boolean().default(false),
    /** Publish vehicles with status in_stock only (no coming_soon, no recently sold). */
    inStockOnly: z.boolean().default(false),
    /** Stock numbers never published. @example ["T1234", "U998"] */
    excludeStockNumbers: z.array(z.string()).default([]),
    /** Makes never published, compared case-insensitively. @example ["Isuzu"] */
    excludeMakes: z.array(z.string()).default([]),
    /** Vehicles above this odometer reading (km) are not published. */
    maxKm: z.number().int().positive().optional(),
    /** Sold vehicles stay visible for this many days after their sale. */
    includeSoldDays: z.number().int().min(0).max(60).default(3),
    /** Item types published. A caravan dealer would list "caravan". */
    itemTypes: z.array(z.enum(['car', 'motorcycle', 'truck', 'caravan'])).default(['car', 'motorcycle', 'truck', 'caravan']),
  })
  .prefault({});

const SearchBackendSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('embedded') }),
  z.strictObject({
    kind: z.literal('algolia'),
    /** Algolia application id (public). */
    appId: z.string().min(1),
    /** Search-only API key (public: it ships to browsers). */
    searchKey: z.string().min(1),
    /** Primary index name; sort replicas are `<indexName>_<sortOption>`. */
    indexName: z.string().min(1),
    /** Environment variable holding the admin key the generator uses to sync the index. */
    adminKeyEnv: envVarName,
  }),
]);

const SearchSchema = z
  .strictObject({
    /** Where shoppers' searches are answered. */
    backend: SearchBackendSchema.default({ kind: 'embedded' }),
    /** Results per page. */
    pageSize: z.number().int().min(1).max(100).default(21),
    /** Sort options offered, in order. */
    sortOptions: z.array(sortOption).min(1).default(['mostRelevant', 'latest', 'highestPrice', 'lowestPrice']),
    /** Collapse runs of consecutive sold vehicles in results to the first one. */
    collapseSold: z.boolean().default(true),
    /** Sorting by lowest price leaves out vehicles priced at 0. */
    lowestPriceExcludesZero: z.boolean().default(false),
    /** Attributes shown as chips on result cards. */
    cardAttributes: z
      .array(z.string())
      .default(['car_type', 'simple_body', 'km', 'simple_transmission', 'stocknum']),
    /** Order of the car-type refinement. */
    carTypeOrder: z.array(carType).default(['new', 'demo', 'used']),
    /** Make dropdown lists the 20 most popular makes first, then all makes. */
    popularMakesFirst: z.boolean().default(false),
    /** Shown instead of a result count above 1999; when unset the facet counts are summed. */
    stockCountOverride: z.number().int().positive().optional(),
    /** Price slider bounds. */
    priceSlider: sliderRange(5000, 250000, 500),
    /** Preset price buttons: `standard` $5,000-$70,000 (nine), `premium` $300,000-$800,000 (six). */
    pricePresets: z.enum(['standard', 'premium']).default('standard'),
    /** Query string applied to the default search page, e.g. "sortBy=latest". */
    defaultQueryString: z.string().optional(),
    /** Text when a search has no results. */
    noResultsText: z
      .string()
      .default('No results found for your search at this time. Please try adjusting the filters for more results.'),
    /** The card shown in place of results when nothing matches. */
    emptyCard: z
      .strictObject({
        title: z.string().default('No Results Available'),
        text: z
          .string()
          .default('There appears to be no offers currently available that meet the conditions of your search.'),
        link: sitePath.default('/special-offers'),
      })
      .prefault({}),
  })
  .prefault({});

const VehiclePageSchema = z
  .strictObject({
    /** Price text when a vehicle has no price to show. */
    noPriceText: z.string().default('Enquire for price.'),
    /** Show the dealer phone number at once instead of masking it until clicked. */
    showPhoneImmediately: z.boolean().default(false),
    /** Dealer comments longer than this are truncated behind a toggle. */
    commentsLimit: z.number().int().positive().default(400),
    /** Labels of the comments toggle. */
    commentsToggle: z.enum(['more-less', 'show-more-less']).default('more-less'),
    /** Text when a vehicle has no dealer comments. */
    commentsPendingText: z.string().default('Dealer comments are pending. Please check back here later.'),
    /** Specification rows shown before "Show All". */
    specRowsInitial: z.number().int().positive().default(4),
    /** Items shown in feature and equipment lists before "Show More". */
    detailListLimit: z.number().int().positive().default(8),
    /** Scroll offset (px) after which the sticky vehicle header appears. */
    stickyHeaderOffset: z.number().int().min(0).default(500),
    /** Scroll offset (px) after which the mobile action bar switches to its opened style. */
    mobileBarOffset: z.number().int().min(0).default(900),
    /** A past registration expiry shows "Unregistered" (otherwise nothing). */
    showUnregistered: z.boolean().default(false),
    /** Vehicles created within this many days carry the new-arrival tag. */
    newArrivalDays: z.number().int().min(0).default(8),
    /** Makes whose certified used vehicles carry the certified image badge. @example ["Toyota"] */
    certifiedMakes: z.array(z.string()).default([]),
    /** Initial view of the spin viewer. */
    spinDefaultView: z.enum(['spinner', 'gallery']).default('spinner'),
    /** Spin viewer rotates by itself every 100 ms until touched. */
    spinAutoRotate: z.boolean().default(true),
    /**
     * External 360 viewer shown in an iframe for vehicles that have a `spin_code`; `{code}` is replaced by
     * the URL-encoded code. Unset: no external viewer (vehicles with spin frames use the built-in one).
     * @example "https://spins.example.com/view/{code}"
     */
    spinExternalViewerUrl: z
      .url({ protocol: /^https?$/ })
      .refine((url) => url.includes('{code}') || url.includes('%7Bcode%7D'), 'a URL containing {code}, e.g. https://spins.example.com/view/{code}')
      .optional(),
    /** Copy-link confirmation: `inline` shows "Copied" for 1.5 s, `toast` a 3 s toast. */
    copyConfirmation: z.enum(['inline', 'toast']).default('inline'),
    /** Title of the enquiry dialog. */
    enquiryTitle: z.string().default('Submit an enquiry'),
    /** Label of the enquiry button. */
    enquireLabel: z.enum(['Enquire Now', 'Message Now']).default('Enquire Now'),
    /** Location bar with Get Directions when the vehicle is away from the primary location. */
    locationBar: z.boolean().default(true),
    /** Similar vehicles load when scrolled near instead of with the page. */
    similarOnScroll: z.boolean().default(false),
    /** Reserve-online offer. */
    reserve: z
      .strictObject({
        /** Deposit in dollars. */
        deposit: z.number().int().positive().default(200),
        /** Hours the vehicle is held. */
        holdHours: z.number().int().positive().default(48),
        /** Button label; the price suffix is added unless the price is $0. */
        label: z.enum(['Reserve Now', 'Buy Online']).default('Reserve Now'),
      })
      .prefault({}),
    /** Money-back guarantee on used vehicles, in hours; omit for none. @example 48 */
    moneyBackGuaranteeHours: z.number().int().positive().optional(),
  })
  .prefault({});

const FinanceProviderSchema = z.strictObject({
  /** Key of this provider in each vehicle's `finance_lenders` (lowercase). @example "plenti" */
  key: z.string().regex(/^[a-z0-9_-]+$/, 'a lowercase provider key'),
  /** Display name. */
  name: z.string().min(1),
  /**
   * Which vehicles the provider finances:
   * - `age-limited`: year newer than the current year minus 12, price above 500, available, comparison rate present;
   * - `availability-only`: available;
   * - `weekly-payment`: price above 500, available, weekly payment present;
   * - `monthly-payment`: price above 500, available, monthly payment present.
   */
  eligibility: z.enum(['age-limited', 'availability-only', 'weekly-payment', 'monthly-payment']),
  /** Establishment fee in dollars added to the principal; omit to use the lender's own figure (or 0). @example 1300 */
  establishmentFee: z.number().min(0).optional(),
  /** Repayment rounding: always up, or up-or-down against the lender's quoted value. */
  rounding: z.enum(['up', 'nearest-to-quote']).default('up'),
  /** Comparison-rate range shown by default; omit to parse it from the disclaimer. @example [8.38, 19.42] */
  comparisonRange: z.tuple([z.number(), z.number()]).optional(),
  /** The disclaimer says the provider is a licensed credit provider and the figure an estimate. */
  licensedCreditProviderText: z.boolean().default(false),
});

const FinanceSchema = z
  .strictObject({
    /** The finance provider; omit for sites without vehicle finance estimates. */
    provider: FinanceProviderSchema.optional(),
    /** Default loan amount when the vehicle's price is not used. */
    defaultAmount: z.number().positive().default(30000),
    /** Start the calculator at the vehicle's price (when above 0). */
    amountFromPrice: z.boolean().default(false),
    /** Default term in years on vehicle pages. */
    defaultTerm: z.number().positive().default(6),
    /** Default interest rate, percent per year. */
    interestRate: z.number().min(0).max(100).default(10),
    /** Shoppers cannot change the interest rate. */
    interestLocked: z.boolean().default(false),
    /** Only monthly repayments are offered. */
    monthlyOnly: z.boolean().default(false),
    /** Vehicle-page loan slider; `maxFromPrice` lifts the max to 1.05 x price above $100,000. */
    loanSlider: z
      .strictObject({
        min: z.number().default(1000),
        max: z.number().default(100000),
        step: z.number().positive().default(500),
        maxFromPrice: z.boolean().default(false),
      })
      .prefault({}),
    /** Vehicle-page term slider in years; `values` replaces it with a fixed list. */
    termSlider: z
      .strictObject({
        min: z.number().default(1),
        max: z.number().default(7),
        step: z.number().positive().default(0.5),
        values: z.array(z.number().positive()).optional(),
      })
      .prefault({}),
    /** Vehicle-page interest slider in percent (variants: 7.5-14.5, 9.95-19.95, 4-20, 1-14.5, 5.99-15.99). */
    interestSlider: sliderRange(0.5, 15, 0.5),
    /** The stand-alone finance calculator (finance page). */
    calculator: z
      .strictObject({
        purchaseMin: z.number().min(0).default(1000),
        purchaseMax: z.number().positive().default(250000),
        defaultTerm: z.number().positive().default(5),
        term: sliderRange(1, 7, 0.5),
        interest: sliderRange(0.5, 15, 0.5),
      })
      .prefault({}),
    /** The disclaimer can be collapsed (cut to 197 characters). */
    disclaimerToggle: z.boolean().default(true),
    /** Makes never shown with a finance estimate. */
    excludedMakes: z.array(z.string()).default([]),
    /** Dealership ids never shown with a finance estimate. */
    excludedDealershipIds: z.array(z.union([z.number().int(), z.string()])).default([]),
    /** Deposit and final payment percentages quoted in the disclaimer. */
    disclaimerDepositPercent: z.number().min(0).max(100).default(10),
    disclaimerFinalPaymentPercent: z.number().min(0).max(100).default(30),
    /** Fees listed under the calculator, in dollars. @example [{ label: "Establishment fee", amount: 395 }] */
    listedFees: z.array(z.strictObject({ label: z.string(), amount: z.number().min(0) })).default([]),
    /** Finance page path, or an external link that replaces it. */
    pageLink: z.string().default('/finance'),
  })
  .prefault({});

const UrlsSchema = z
  .strictObject({
    /** Reserve/buy page under each vehicle: /cars/{slug}/checkout or /cars/{slug}/buy-online. */
    checkoutSegment: z.enum(['checkout', 'buy-online']).default('checkout'),
    /** Breadcrumb links go to /search/... or /used-car/... */
    breadcrumbBase: z.enum(['search', 'used-car']).default('search'),
    /** Location detail pages: /contact-us/{slug}, /our-location/{slug} or /locations/{slug}. */
    locationBase: z.enum(['contact-us', 'our-location', 'locations']).default('contact-us'),
    /** Contact page (manufacturer-level sites use /contact). */
    contact: sitePath.default('/contact-us'),
    /** Finance enquiry form path. */
    financeEnquiry: z.enum(['/finance', '/finance-enquiry', '/apply-for-finance']).default('/finance'),
    /** Sell-your-car page path. */
    sellMyCar: z.enum(['/sell-my-car', '/sell-your-car']).default('/sell-my-car'),
    /** Service booking: this site's form, or an external booking page. */
    serviceBooking: z.union([sitePath, z.url()]).default('/service'),
  })
  .prefault({});

const GatingSchema = z
  .strictObject({
    /** Sign-in before the trade-in valuation (/cars/trade-in?car_id=, /sell-my-car). */
    tradeIn: z.boolean().default(false),
    /** Sign-in before reserve/buy online. */
    checkout: z.boolean().default(false),
    /** Personalised finance for vehicles with an identification code. */
    personalisedFinance: z.boolean().default(false),
    /** Credit-check finance page. */
    creditCheckFinance: z.boolean().default(false),
    /** Spin-to-win and online payment pages. */
    spinToWin: z.boolean().default(false),
    onlinePayment: z.boolean().default(false),
  })
  .prefault({});

const LocationsSchema = z
  .strictObject({
    /** Cards show a "View Our Stock" button to /search/{location slug}. */
    stockButton: z.boolean().default(true),
    /** Map zoom level on location pages. */
    mapZoom: z.number().int().min(1).max(20).default(10),
    /** Phone numbers that replace a location's own, by location slug. @example { "capalaba": "07 3000 1111" } */
    phoneByLocation: z.record(z.string(), phone).default({}),
    /** Phone numbers by car type, used on vehicle pages. @example { "used": "07 3000 2222" } */
    phoneByCarType: z.partialRecord(carType, phone).default({}),
  })
  .prefault({});

const OffersSchema = z
  .strictObject({
    /** Offer description length when collapsed. */
    textLimit: z.number().int().positive().default(160),
    /** Disclaimer length when collapsed. */
    disclaimerLimit: z.number().int().positive().default(200),
    /** Scrolling offers banner at the top of pages. */
    scrollingBanner: z
      .strictObject({
        enabled: z.boolean().default(false),
        text: z.string().default('View our latest offers'),
        link: sitePath.default('/special-offers'),
        repeat: z.number().int().positive().default(20),
      })
      .prefault({}),
  })
  .prefault({});

const PromoCardsSchema = z
  .strictObject({
    /** Promo cards are inserted into search results. */
    enabled: z.boolean().default(true),
    /** Insert at every Nth position, when set; otherwise at each card's own position. */
    interval: z.number().int().positive().optional(),
    /** Shuffle the cards without a position. */
    shuffle: z.boolean().default(false),
    /** Start at a random 0-2 positions after the configured one. */
    randomStartOffset: z.boolean().default(false),
  })
  .prefault({});

const ReviewsSchema = z
  .strictObject({
    /** Reviews below this rating are not shown. */
    minRating: z.number().min(1).max(5).default(4),
    /** Reviews whose title is in this list are hidden. */
    hiddenTitles: z.array(z.string()).default([]),
    /** Reviews listed in full. */
    fullQuantity: z.number().int().positive().default(12),
  })
  .prefault({});

const FormsSchema = z
  .strictObject({
    /** The enquiry message (Comments) is required. */
    enquiryMessageRequired: z.boolean().default(true),
    /** Forms need the terms checkbox, with the "* You must agree..." notice. */
    requireTerms: z.boolean().default(false),
    /** Service booking flow: A (contact, vehicle, order) or B (rego first). */
    serviceVariant: z.enum(['A', 'B']).default('A'),
    /** Two-step service booking. */
    serviceShortVariant: z.boolean().default(false),
    /** Service interval is required. */
    serviceIntervalRequired: z.boolean().default(false),
    /** Service types offered (required when any are listed). */
    serviceTypes: z.array(z.string()).default([]),
    /**
     * Extra services a service booking can add with a tick each; the ticked ones are sent as the lead's
     * `additional_services`. @example ["Wheel alignment", "Car wash"]
     */
    additionalServices: z.array(z.string().min(1)).default([]),
    /** The quote (valuation) form asks for marketing opt-in; some blocks remove it. */
    quoteOptIn: z.boolean().default(true),
    /**
     * The trade-in valuation's result is also stored on the runtime API (`POST /api/miscellaneous` with
     * `column_name: 'valuation'`), against the signed-in shopper when there is one (one dealer group's setting).
     */
    storeValuations: z.boolean().default(false),
    /** How the service page books: this site's form, an embedded booking iframe, or tabs (query key `tab`). */
    servicePage: z
      .strictObject({
        /**
         * `form`: the service booking form. `iframe`: the booking page (`iframeUrl`) embedded instead.
         * `tabs`: one tab per entry of `tabs`, opened by `?tab={lowercased name}` (the first by default).
         */
        mode: z.enum(['form', 'iframe', 'tabs']).default('form'),
        /**
         * Booking page embedded in iframe mode and in a `booking` tab: an address elsewhere, or a path of this
         * site, which then builds that page itself (the service form on a page made to sit in a frame).
         * @example '/service/online-booking'
         */
        iframeUrl: z.union([sitePath, z.url()]).optional(),
        /** Width of the booking iframe in iframe mode, in pixels (it never overflows a narrow screen). */
        iframeWidth: z.number().int().positive().default(1000),
        /** Height of the booking iframe in iframe mode, in pixels (inside a tab it is 750). */
        iframeHeight: z.number().int().positive().default(1100),
        /**
         * The tabs of `tabs` mode, in order: each shows the booking iframe (`booking`) or the service form
         * (`form`). The name is the tab's label, and lowercased it is the value of `?tab=`.
         * @example [{ name: 'Book Online', content: 'booking' }, { name: 'Service Enquiry', content: 'form' }]
         */
        tabs: z
          .array(z.strictObject({ name: z.string().trim().min(1), content: z.enum(['booking', 'form']) }))
          .min(1)
          .default([
            { name: 'Book Online', content: 'booking' },
            { name: 'Service Enquiry', content: 'form' },
          ]),
      })
      .prefault({}),
    /** Enquiry categories offered in the category select. */
    enquiryCategories: z
      .array(z.string())
      .default(['General Enquiry', 'Sales Enquiry', 'Service Enquiry', 'Parts Enquiry', 'Careers Enquiry']),
    /** The content page (by its file name under content/<slug>/pages) that takes job applications with the careers form. */
    careersPage: z.string().default('careers'),
    /** Analytics event ids. */
    enquiryEventId: z.number().int().default(22),
    careersEventId: z.number().int().default(51),
  })
  .prefault({});

const MenuSchema = z
  .strictObject({
    /** Dropdowns open on hover (otherwise on click). */
    dropdownOnHover: z.boolean().default(false),
    /** Payment-methods strip in the footer. */
    paymentMethods: z.boolean().default(true),
  })
  .prefault({});

const SalesCounterSchema = z
  .strictObject({
    /** Seconds per sale since the start of the month (Brisbane time). */
    secondsPerSale: z.number().int().positive().default(450),
    /** Refresh interval in milliseconds. */
    refreshMs: z.number().int().positive().default(150_000),
  })
  .prefault({});

const ImagesSchema = z
  .strictObject({
    /** Serve vehicle images through an image CDN with URL transforms instead of pre-generated files. */
    cdn: z
      .strictObject({
        /** Base URL; the transform is appended as query parameters. */
        baseUrl: z.url(),
        quality: z.number().int().min(1).max(100).default(75),
        width: z.number().int().positive().default(640),
      })
      .optional(),
  })
  .prefault({});

/** A CRM or lead inbox that receives this site's leads. The URL and token live in the environment. */
const LeadTargetSchema = z.strictObject({
  /** Name shown on the admin page and in delivery records; unique per site. @example "crm" */
  name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'a short name in lower case, e.g. crm'),
  /**
   * `json`: the lead as JSON (the fields the shopper sent, the vehicle and the dealership).
   * `adf`: ADF 1.0 XML (Auto-lead Data Format), which dealer CRMs import.
   */
  format: z.enum(['json', 'adf']),
  /** Environment variable holding the URL the lead is POSTed to. While it is unset, leads wait in the outbox. */
  urlEnv: envVarName,
  /** Environment variable holding a bearer token sent as `Authorization: Bearer <token>` (optional). */
  tokenEnv: envVarName.optional(),
});

const ApiSchema = z
  .strictObject({
    /**
     * Base URL of the runtime API the pages call (lead forms post to `<baseUrl>/api/leads`). Empty:
     * the site's own origin, where the static host routes `/api/*` to the ops server (the preview
     * server and the ops server's previews do). Production may name the ops server's public URL
     * or the dealer platform. @example "https://ops.dealer-sites.example"
     */
    baseUrl: z
      .string()
      .regex(/^(https?:\/\/[^\s/]+)?$/, 'an origin such as https://ops.dealer-sites.example (no path), or empty for the site itself')
      .default(''),
    /**
     * Further origins (besides `url`) whose pages may call the API from a browser (CORS), such as a
     * staging host. @example ["https://staging.baysidemg.example"]
     */
    allowedOrigins: z.array(z.url().transform((u) => new URL(u).origin)).default([]),
  })
  .prefault({});

const IntegrationsSchema = z
  .strictObject({
    /** Environment variable with the HMAC secret for this site's stock-change webhooks. */
    webhookSecretEnv: envVarName.optional(),
    /**
     * Where the ops server forwards each lead (its outbox retries until a target accepts). None
     * configured: leads stay in the ops server's store, listed on its admin page.
     * @example [{ name: "crm", format: "adf", urlEnv: "BAYSIDE_MG_CRM_URL", tokenEnv: "BAYSIDE_MG_CRM_TOKEN" }]
     */
    leadTargets: z.array(LeadTargetSchema).default([]),
    /** Environment variable with the messaging service token (instant message). */
    messagingTokenEnv: envVarName.optional(),
    /**
     * The registration lookup the trade-in valuation uses to fill in a car from its plate
     * (`POST /api/rego-lookup`): the runtime API asks `GET <url>?rego=&state=` and reads `{ year, make,
     * model, badge, vin }`. Unset: shoppers type their car's details themselves.
     * @example { urlEnv: "REGO_LOOKUP_URL", tokenEnv: "REGO_LOOKUP_TOKEN" }
     */
    regoLookup: z
      .strictObject({
        /** Environment variable holding the lookup's URL. */
        urlEnv: envVarName,
        /** Environment variable holding a bearer token sent as `Authorization: Bearer <token>` (optional). */
        tokenEnv: envVarName.optional(),
      })
      .optional(),
  })
  .prefault({});

const DealershipSchema = z.strictObject({
  id: z.number().int().positive(),
  name: z.string().min(1),
  slug,
});

const DealershipWebsiteSchema = z.strictObject({
  /** Make slug, e.g. "mg". */
  make: z.string().min(1),
  /** Manufacturer display name. */
  manufacturer: z.string().min(1),
  /** Location types this website covers. */
  locations: z.array(z.strictObject({ location_type: z.enum(['sales', 'service', 'parts', 'service-and-parts', '']) })).default([]),
});

// ---------------------------------------------------------------- deploy

/** Where a CDN in front of a target is told which URLs changed. */
const PurgeSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    /** A purge-by-URL webhook: `POST <url>` with `{ "urls": [...] }` and `Authorization: Bearer <token>`. */
    kind: z.literal('webhook'),
    /** The webhook's URL. @example "https://cdn.example.com/purge" */
    url: z.url(),
    /** Environment variable holding the bearer token (optional). @example "BAYSIDE_MG_PURGE_TOKEN" */
    tokenEnv: envVarName.optional(),
  }),
  z.strictObject({
    /** Cloudflare's cache purge: `POST <apiBaseUrl>/client/v4/zones/<zoneId>/purge_cache` with `{ "files": [...] }`. */
    kind: z.literal('cloudflare'),
    /** The zone's id (not secret). @example "023e105f4ecef8ad9ca31a8372d0c353" */
    zoneId: z.string().regex(/^[a-zA-Z0-9]+$/, 'a Cloudflare zone id, e.g. 023e105f4ecef8ad9ca31a8372d0c353'),
    /** Environment variable holding an API token with the Cache Purge permission. */
    tokenEnv: envVarName.default('CLOUDFLARE_API_TOKEN'),
    /** Base URL of the API (a test points it at a stand-in). */
    apiBaseUrl: z.url().transform((u) => u.replace(/\/+$/, '')).default('https://api.cloudflare.com'),
  }),
]);

/** Settings every deploy target has. */
const targetCommon = {
  /**
   * Public URL the target's files are served from, used for the URLs a purge names.
   * @default the site's `url`
   */
  publicBaseUrl: z.url().transform((u) => u.replace(/\/+$/, '')).optional(),
  /** The CDN in front of the target, told which URLs changed after each deploy. Unset: nothing is purged. */
  purge: PurgeSchema.optional(),
};

const DirTargetSchema = z.strictObject({
  /** Copies the site into a folder (a mounted share, a host's upload folder, a test). */
  kind: z.literal('dir'),
  /**
   * The folder, relative to the project root.
   * @default "deploy/<slug>"
   */
  path: z.string().min(1).optional(),
  ...targetCommon,
});

const S3TargetSchema = z.strictObject({
  /** Uploads to an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2 ...). */
  kind: z.literal('s3'),
  /** Bucket name. @example "bayside-mg-site" */
  bucket: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name: 3 to 63 lower-case letters, digits, dots and hyphens'),
  /** Region the requests are signed for; `auto` for R2. @example "ap-southeast-2" */
  region: z.string().min(1),
  /**
   * Endpoint of an S3-compatible service, addressed path-style (`<endpoint>/<bucket>/<key>`). Unset: AWS S3,
   * `https://<bucket>.s3.<region>.amazonaws.com/<key>`.
   * @example "https://<account>.r2.cloudflarestorage.com"
   */
  endpoint: z.url().transform((u) => u.replace(/\/+$/, '')).optional(),
  /** Key prefix the site is uploaded under, e.g. `sites/bayside-mg/`. Empty: the bucket's root. */
  prefix: z.string().regex(/^([^/\s][^\s]*\/)?$/, 'a key prefix ending in /, e.g. sites/bayside-mg/').default(''),
  /** Environment variable holding the access key id. */
  accessKeyIdEnv: envVarName.default('AWS_ACCESS_KEY_ID'),
  /** Environment variable holding the secret access key. */
  secretAccessKeyEnv: envVarName.default('AWS_SECRET_ACCESS_KEY'),
  /** Environment variable holding a session token, for temporary credentials (read only when set there). */
  sessionTokenEnv: envVarName.default('AWS_SESSION_TOKEN'),
  /** Uploads in flight at once. */
  concurrency: z.number().int().min(1).max(64).default(8),
  ...targetCommon,
});

const DeploySchema = z
  .strictObject({
    /**
     * Where `npm run deploy -- --site <slug> --target <name>` publishes the built site, by name. Targets
     * listed here replace the default one.
     * @example { production: { kind: "s3", bucket: "bayside-mg-site", region: "ap-southeast-2", purge: { kind: "cloudflare", zoneId: "023e..." } } }
     */
    targets: z
      .record(z.string().regex(/^[a-z][a-z0-9-]*$/, 'a target name in lower case, e.g. production'), z.discriminatedUnion('kind', [DirTargetSchema, S3TargetSchema]))
      .default({ default: { kind: 'dir' } }),
    /**
     * The target the ops server publishes to after each incremental update (just the files it replaced) and
     * each full build. Unset: the ops server publishes nothing; deploys run from the command line or CI.
     * @example "production"
     */
    onChange: z.string().optional(),
  })
  .prefault({})
  .refine((d) => d.onChange === undefined || d.onChange in d.targets, { message: 'onChange must name one of deploy.targets', path: ['onChange'] });

// ---------------------------------------------------------------- site

export const SiteConfigSchema = z.strictObject({
  /** Site slug; must match the file name (`sites/<slug>.yaml`). @example "bayside-mg" */
  slug,
  /** Dealer's trading name. @example "Bayside MG" */
  name: z.string().min(1),
  /** Layout family: `brand` (single make), `group` (multi-brand group), `classic` (independent dealer). */
  template: z.enum(['brand', 'group', 'classic']),
  /** Public URL of the site, without a trailing slash. @example "https://www.baysidemg.com.au" */
  url: z.url().transform((u) => u.replace(/\/+$/, '')),
  /** Make of a single-brand site. @example "MG" */
  manufacturer: z.string().optional(),
  /** Home state; the default for location filters. */
  state: z.enum(['qld', 'nsw', 'vic', 'sa', 'wa', 'tas', 'act', 'nt']).default('qld'),
  /** IANA time zone for dates shown to shoppers. */
  timeZone: z.string().default('Australia/Brisbane'),
  /** Dealerships on this site. */
  dealerships: z.array(DealershipSchema).default([]),
  /** Websites of the dealer group by make. */
  dealershipWebsites: z.array(DealershipWebsiteSchema).default([]),
  /** Where stock, offers, locations, reviews and models come from. */
  source: z.discriminatedUnion('kind', [FileSourceSchema, HttpSourceSchema]).default({ kind: 'file' }),
  /** Refuse to publish when available vehicles fall below this fraction of the last good snapshot. */
  stockDropGuard: z.number().min(0).max(1).default(0.5),
  /** Default meta description. */
  description: z.string().max(300).optional(),
  theme: ThemeSchema,
  features: FeaturesSchema,
  stock: StockSchema,
  search: SearchSchema,
  vehicle: VehiclePageSchema,
  finance: FinanceSchema,
  urls: UrlsSchema,
  gating: GatingSchema,
  locations: LocationsSchema,
  offers: OffersSchema,
  promoCards: PromoCardsSchema,
  reviews: ReviewsSchema,
  forms: FormsSchema,
  menu: MenuSchema,
  salesCounter: SalesCounterSchema,
  images: ImagesSchema,
  /** The runtime API: lead forms now; sign-in, watchlist and quotes later. */
  api: ApiSchema,
  integrations: IntegrationsSchema,
  /** Publishing the built site: deploy targets and whether the ops server deploys on change. */
  deploy: DeploySchema,
});

/** A validated site configuration, defaults applied. */
export type SiteConfig = z.output<typeof SiteConfigSchema>;
/** What a dealer file under `sites/` holds: every key but slug, name, template and url is optional. */
export type SiteConfigInput = z.input<typeof SiteConfigSchema>;

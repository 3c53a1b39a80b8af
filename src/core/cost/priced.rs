//! Today's exchanges priced at many sizes: a plan and each step's f(i)
//! made once per (exchange, p) and kept for the last few asked, for
//! [`super::advise`] (chapter 11's map of complete exchanges, the
//! advisor). The prices are [`ExchangePlan::predicted_us`]'s, bit for bit.

use crate::algo::cm5::exchange::{Exchange, ExchangePlan};

/// A plan of today's exchanges ready to be priced at any size: the plan
/// without its meetings (pricing reads each step's blocks only) and each
/// step's f(i).
type PricedPlan = (ExchangePlan, Vec<f64>);

thread_local! {
    /// The plans [`priced_plan`] made last. A region map prices one p at
    /// eight sizes in a row, and measuring f(i) routes every message of
    /// every step over the fat tree (the shift at p = 1,024: 1,023 steps
    /// of 1,024 messages), which does not depend on the size; chapter
    /// 11's exchange map made every plan and measured it again at each of
    /// its eight sizes (1.1-1.7 s of the chapter's drawing, in a browser).
    static PRICED: std::cell::RefCell<Vec<(Exchange, usize, std::rc::Rc<PricedPlan>)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// How many plans [`PRICED`] keeps: today's three exchanges at two p.
const PRICED_KEPT: usize = 6;

/// Exchange `e`'s plan on p processors with each step's f(i), made once
/// for the last few (e, p) asked (the same numbers as making it again:
/// the plan is a function of e and p alone); `None` where there is no
/// plan for p.
pub(crate) fn priced_plan(e: Exchange, p: usize) -> Option<std::rc::Rc<PricedPlan>> {
    PRICED.with(|kept| {
        let mut kept = kept.borrow_mut();
        if let Some((_, _, plan)) = kept.iter().find(|(x, q, _)| *x == e && *q == p) {
            return Some(plan.clone());
        }
        let mut plan = ExchangePlan::new(e, p).ok()?;
        let f = plan.contention();
        // The meetings are what takes memory (a million pairs for the
        // linear burst at p = 1,024); pricing does not read them.
        plan.steps = Vec::new();
        let made = std::rc::Rc::new((plan, f));
        if kept.len() == PRICED_KEPT {
            kept.remove(0);
        }
        kept.push((e, p, made.clone()));
        Some(made)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cost::contention::ContentionCost;

    /// A plan priced from the kept one costs exactly what the plan made
    /// again costs, at every size, whichever plans were kept or dropped
    /// in between.
    #[test]
    fn kept_plans_price_as_plans_made_again() {
        let c = ContentionCost::cm5();
        let asks = [3, 16, 64, 5, 16, 200, 3, 64, 1024, 16];
        for &p in &asks {
            for e in [Exchange::Bruck, Exchange::Shift, Exchange::Linear] {
                let (plan, f) = &*priced_plan(e, p).expect("a plan for 2 <= p <= 1024");
                assert!(plan.steps.is_empty(), "the meetings are not kept");
                let again = ExchangePlan::new(e, p).unwrap();
                for bytes in [0, 16, 1024, 262_144] {
                    let kept: f64 = plan.step_us_with(&c, bytes, f).into_iter().sum();
                    assert_eq!(
                        kept.to_bits(),
                        again.predicted_us(&c, bytes).to_bits(),
                        "{e:?} p={p} L={bytes}"
                    );
                }
            }
        }
        assert!(priced_plan(Exchange::Shift, 1).is_none());
        assert!(PRICED.with(|k| k.borrow().len()) <= PRICED_KEPT);
    }
}
